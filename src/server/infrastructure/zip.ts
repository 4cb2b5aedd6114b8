/**
 * A ZIP archive written as a stream, on fflate's streaming `Zip`: entries one after another, then the
 * central directory. An entry is either whole (`add`: one image, a small text) or produced piece by
 * piece (`addStream`: a long JSON file). Text is deflated; images, already compressed, are stored.
 * The writer waits for the destination to drain, so a slow download holds a piece in memory, never
 * the archive; text is deflated in slices with a turn of the event loop between them, so no step
 * holds the server for long.
 */
import type { Writable } from 'node:stream';
import { unzipSync, Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from 'fflate';

/** Text is deflated this much at a time (about 1–2 ms of CPU), then other requests get a turn. */
const SLICE_BYTES = 64 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Until the stream drains, or closes (a cancelled download); both listeners go either way. */
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

export class ZipWriter {
  private readonly zip: Zip;
  private readonly names = new Set<string>();
  private failure: Error | null = null;

  constructor(
    private readonly out: Writable,
    private readonly at: Date = new Date(),
  ) {
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failure = err;
        return;
      }
      if (!this.out.destroyed) this.out.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if (final) this.out.end();
    });
  }

  /** After each step: stop on a failure or a closed download, and wait while the reader is behind. */
  private async flowing(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.out.destroyed) throw new Error('the download was closed');
    if (this.out.writableNeedDrain) await drainedOrClosed(this.out);
  }

  private entry(name: string, compress: boolean): ZipInputFile & { push(data: Uint8Array, final?: boolean): void } {
    if (this.names.has(name)) throw new Error(`duplicate entry ${name}`);
    this.names.add(name);
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    file.mtime = this.at;
    this.zip.add(file);
    return file;
  }

  /** Feeds bytes in slices; the last push (`final`) may be empty. */
  private async feed(file: { push(data: Uint8Array, final?: boolean): void }, raw: Uint8Array, final: boolean): Promise<void> {
    for (let at = 0; at < raw.length || (final && at === 0); at += SLICE_BYTES) {
      const end = Math.min(raw.length, at + SLICE_BYTES);
      file.push(raw.subarray(at, end), final && end === raw.length);
      await this.flowing();
      if (end < raw.length) await nextTurn();
    }
  }

  /** Adds one file produced piece by piece (a long JSON list). A failing source stops the archive. */
  async addStream(name: string, pieces: AsyncIterable<string | Buffer>): Promise<void> {
    const file = this.entry(name, true);
    for await (const piece of pieces) {
      const raw = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      if (raw.length) await this.feed(file, raw, false);
    }
    file.push(new Uint8Array(0), true);
    await this.flowing();
  }

  /** Adds one file. `compress`: deflate it (text); stored as is otherwise (images). */
  async add(name: string, data: Buffer | string, compress = typeof data === 'string'): Promise<void> {
    const file = this.entry(name, compress);
    const raw = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (compress) await this.feed(file, raw, true);
    else {
      // Stored bytes cost only their copy: one push.
      file.push(raw, true);
      await this.flowing();
    }
  }

  /** The central directory and its end record; the stream is ended. */
  async finish(): Promise<void> {
    this.zip.end();
    await this.flowing();
  }
}

/** Reads an archive back (tests, and a check that it is whole): name → content, in the archive's order. */
export function readZip(archive: Buffer): Map<string, Buffer> {
  const files = unzipSync(new Uint8Array(archive.buffer, archive.byteOffset, archive.byteLength));
  return new Map(Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes)]));
}
