/**
 * A ZIP archive written as a stream (PKWARE APPNOTE 6.3, the subset every unzip reads): entries one
 * after another, then the central directory. An entry is either in memory (`add`: one image, a small
 * text; its size and CRC-32 go in its header) or produced piece by piece (`addStream`: a long JSON
 * file; deflated through a zlib stream as the pieces come, its CRC-32 summed piece by piece, sizes and
 * CRC in a data descriptor after it, general-purpose flag bit 3). Text is deflated by node:zlib on its
 * thread pool; images, already compressed, are stored. The writer waits for the destination to
 * drain, so a slow download holds a piece in memory, never the archive, and no step holds the event
 * loop for long.
 *
 * No ZIP library is installed (checked: node_modules has extract-zip, a reader, and pako, a deflater
 * without the container); this is the container only, on node:zlib's deflateRaw and crc32 (Node
 * 20.15+). Names are UTF-8 (general-purpose flag bit 11). No ZIP64: an archive stays under 4 GB and
 * 65,535 entries (a member's data is a few MB: at most 3 images of ≤ 10 MB per idea).
 */
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);

const METHOD_STORE = 0;
const METHOD_DEFLATE = 8;
const UTF8_NAMES = 1 << 11;
/** Sizes and CRC-32 follow the data, in a data descriptor. */
const SIZES_AFTER = 1 << 3;
const VERSION = 20;

/** Until the stream drains, or closes (a cancelled download, a destroyed deflater); both listeners go either way. */
function drainedOrClosed(stream: Writable): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

interface CentralRecord {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

/** MS-DOS date and time, as ZIP headers keep them (local time of the archive's maker: UTC here). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

export class ZipWriter {
  private readonly records: CentralRecord[] = [];
  private offset = 0;
  private readonly names = new Set<string>();

  constructor(
    private readonly out: Writable,
    private readonly at: Date = new Date(),
  ) {}

  private async write(chunk: Buffer): Promise<void> {
    if (this.out.destroyed) throw new Error('the download was closed');
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await drainedOrClosed(this.out);
  }

  private claim(name: string): Buffer {
    if (this.names.has(name)) throw new Error(`duplicate entry ${name}`);
    this.names.add(name);
    return Buffer.from(name, 'utf8');
  }

  private localHeader(r: CentralRecord): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(r.flags, 6);
    header.writeUInt16LE(r.method, 8);
    header.writeUInt16LE(r.time, 10);
    header.writeUInt16LE(r.date, 12);
    // With SIZES_AFTER these are 0 here and given in the data descriptor.
    header.writeUInt32LE(r.flags & SIZES_AFTER ? 0 : r.crc, 14);
    header.writeUInt32LE(r.flags & SIZES_AFTER ? 0 : r.compressed, 18);
    header.writeUInt32LE(r.flags & SIZES_AFTER ? 0 : r.size, 22);
    header.writeUInt16LE(r.name.length, 26);
    header.writeUInt16LE(0, 28);
    return Buffer.concat([header, r.name]);
  }

  /**
   * Adds one deflated file from pieces (strings as UTF-8) as they come: the pieces are never all in
   * memory, and each costs the event loop only its own CRC-32 and copy.
   */
  async addStream(name: string, pieces: AsyncIterable<string | Buffer>): Promise<void> {
    const record: CentralRecord = { name: this.claim(name), flags: UTF8_NAMES | SIZES_AFTER, method: METHOD_DEFLATE, crc: 0, compressed: 0, size: 0, offset: this.offset, ...dosDateTime(this.at) };
    this.records.push(record);
    await this.write(this.localHeader(record));
    const deflate = zlib.createDeflateRaw({ level: 6 });
    const feed = (async () => {
      try {
        for await (const piece of pieces) {
          const raw = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
          if (!raw.length) continue;
          record.crc = zlib.crc32(raw, record.crc);
          record.size += raw.length;
          if (!deflate.write(raw)) await drainedOrClosed(deflate);
          if (deflate.destroyed) return;
        }
        deflate.end();
      } catch (err) {
        deflate.destroy(err as Error);
      }
    })();
    try {
      for await (const out of deflate as AsyncIterable<Buffer>) {
        record.compressed += out.length;
        await this.write(out);
      }
    } finally {
      // A download cut short: the feeder stops at its next piece.
      if (!deflate.destroyed) deflate.destroy();
    }
    await feed;
    record.crc >>>= 0;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(record.crc, 4);
    descriptor.writeUInt32LE(record.compressed, 8);
    descriptor.writeUInt32LE(record.size, 12);
    await this.write(descriptor);
  }

  /** Adds one file. `compress`: deflate it (text); stored as is otherwise (images). */
  async add(name: string, data: Buffer | string, compress = typeof data === 'string'): Promise<void> {
    const encoded = this.claim(name);
    const raw = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    const body = compress ? await deflateRaw(raw, { level: 6 }) : raw;
    const record: CentralRecord = {
      name: encoded,
      flags: UTF8_NAMES,
      method: compress ? METHOD_DEFLATE : METHOD_STORE,
      crc: zlib.crc32(raw) >>> 0,
      compressed: body.length,
      size: raw.length,
      offset: this.offset,
      ...dosDateTime(this.at),
    };
    this.records.push(record);
    await this.write(this.localHeader(record));
    await this.write(body);
  }

  /** The central directory and its end record; the stream is ended. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const r of this.records) {
      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt16LE(VERSION, 4);
      entry.writeUInt16LE(VERSION, 6);
      entry.writeUInt16LE(r.flags, 8);
      entry.writeUInt16LE(r.method, 10);
      entry.writeUInt16LE(r.time, 12);
      entry.writeUInt16LE(r.date, 14);
      entry.writeUInt32LE(r.crc, 16);
      entry.writeUInt32LE(r.compressed, 20);
      entry.writeUInt32LE(r.size, 24);
      entry.writeUInt16LE(r.name.length, 28);
      // extra, comment, disk, internal attributes: 0
      entry.writeUInt32LE(0, 38);
      entry.writeUInt32LE(r.offset, 42);
      await this.write(Buffer.concat([entry, r.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.records.length, 8);
    end.writeUInt16LE(this.records.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    this.out.end();
  }
}

/** Reads an archive written by ZipWriter back (tests, and a check that it is whole): name → content. */
export function readZip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const compressed = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extra = archive.readUInt16LE(at + 30);
    const comment = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const body = archive.subarray(dataStart, dataStart + compressed);
    const content = method === METHOD_DEFLATE ? zlib.inflateRawSync(body) : Buffer.from(body);
    if ((zlib.crc32(content) >>> 0) !== crc) throw new Error(`CRC mismatch in ${name}`);
    files.set(name, content);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}
