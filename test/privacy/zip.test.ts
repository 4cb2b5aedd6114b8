/**
 * The ZIP container of the data export (src/server/infrastructure/zip.ts): entries in memory and
 * streamed ones read back whole, their CRC-32 checked by Python's zipfile; a destination that
 * pushes back gets the archive all the same.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readZip, ZipWriter } from '../../src/server/infrastructure/zip.ts';

async function archive(fill: (zip: ZipWriter) => Promise<void>, slow = false): Promise<Buffer> {
  // A small high-water mark and a reader that takes its time: every write meets backpressure.
  const out = new PassThrough({ highWaterMark: slow ? 1024 : 16 * 1024 });
  const chunks: Buffer[] = [];
  const read = (async () => {
    for await (const chunk of out) {
      chunks.push(chunk as Buffer);
      if (slow) await new Promise((r) => setTimeout(r, 0));
    }
  })();
  const zip = new ZipWriter(out, new Date('2026-11-26T08:00:00Z'));
  await fill(zip);
  await zip.finish();
  await read;
  return Buffer.concat(chunks);
}

describe('the ZIP writer', () => {
  it('writes stored, deflated and streamed entries that read back byte for byte', async () => {
    const image = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));
    const long = Array.from({ length: 2000 }, (_, i) => `{"第${i}条":"${'内容'.repeat(20)}"}`);
    const bytes = await archive(async (zip) => {
      await zip.add('profile.json', '{"nickname":"猎人"}');
      await zip.add('images/idea-1/a.jpg', image, false);
      await zip.addStream(
        'ideas.json',
        (async function* () {
          for (const line of long) yield `${line}\n`;
        })(),
      );
      await zip.add('README.txt', '说明');
      await zip.add('消息/通知.json', '[]');
    }, true);
    // Another reader checks every entry's CRC-32 and reads the UTF-8 name as UTF-8 (flag bit 11).
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zip-')), 'a.zip');
    fs.writeFileSync(file, bytes);
    const check = 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print("|".join(z.namelist()))';
    expect(execFileSync('python3', ['-c', check, file], { encoding: 'utf8' }).trim()).toBe('profile.json|images/idea-1/a.jpg|ideas.json|README.txt|消息/通知.json');
    const files = readZip(bytes);
    expect([...files.keys()]).toEqual(['profile.json', 'images/idea-1/a.jpg', 'ideas.json', 'README.txt', '消息/通知.json']);
    expect(files.get('profile.json')!.toString()).toBe('{"nickname":"猎人"}');
    expect(files.get('images/idea-1/a.jpg')!.equals(image)).toBe(true);
    expect(files.get('ideas.json')!.toString()).toBe(long.map((l) => `${l}\n`).join(''));
    // Text is deflated: the archive is smaller than what it holds.
    expect(bytes.length).toBeLessThan(image.length + Buffer.byteLength(long.join('\n')));
  });

  it('refuses a second entry of the same name, and stops when a streamed source fails', async () => {
    await expect(
      archive(async (zip) => {
        await zip.add('a.json', '1');
        await zip.add('a.json', '2');
      }),
    ).rejects.toThrow('duplicate entry a.json');
    await expect(
      archive(async (zip) => {
        await zip.addStream(
          'broken.json',
          (async function* () {
            yield '[';
            throw new Error('the database went away');
          })(),
        );
      }),
    ).rejects.toThrow('the database went away');
  });
});
