/**
 * `npm run storage:migrate`: the local uploads folder into the bucket, against s3rver.
 * A run cut short (one copy failed, one object left half-written, one already copied) is finished
 * by running it again, which copies only what is missing or wrong; every object is verified; the
 * database's images found nowhere are named; the command itself refuses without STORAGE=s3.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowDb } from '../../db/time.ts';
import { migrateUploads, type MigrationTarget } from '../../src/server/ops/storage-migrate.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { createUser } from '../helpers/fixtures.ts';
import { startS3, type TestS3 } from '../helpers/s3-server.ts';
import { serveTestApp } from '../helpers/serve.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function runScript(env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    // Only the settings given: none of the machine's STORAGE or S3_* leak in.
    const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'STORAGE' && !k.startsWith('S3_')));
    execFile(process.execPath, ['--import', 'tsx', 'scripts/storage-migrate.ts'], { cwd: ROOT, env: { ...base, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr });
    });
  });
}

/** A folder of uploads as the local storage writes them, plus what it leaves that is not an upload. */
function uploadsFolder(count: number): { dir: string; files: Map<string, Buffer> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-migrate-'));
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const name = `${randomBytes(16).toString('hex')}.${i % 2 ? 'png' : 'jpg'}`;
    const data = randomBytes(2000 + i * 100);
    fs.writeFileSync(path.join(dir, name), data);
    files.set(name, data);
  }
  fs.writeFileSync(path.join(dir, `${randomBytes(16).toString('hex')}.jpg.1a2b.partial`), 'half');
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'not an upload');
  return { dir, files };
}

describe.each(DIALECTS)('moving the uploads folder into the bucket on %s', (dialect) => {
  let s3: TestS3;
  let folder: ReturnType<typeof uploadsFolder>;
  beforeAll(async () => {
    s3 = await startS3();
    folder = uploadsFolder(6);
  });
  afterAll(async () => {
    await s3.close();
    fs.rmSync(folder.dir, { recursive: true, force: true });
  });
  const app = serveTestApp(dialect);

  it('finishes a run cut short by running again: copies only what is missing or wrong, and verifies every object', async () => {
    const [already, halfWritten, failing, ...rest] = [...folder.files.keys()].sort();
    // An earlier run copied one file, left another half-written, and stopped before the rest.
    await s3.storage.put(already, folder.files.get(already)!);
    await s3.storage.put(halfWritten, folder.files.get(halfWritten)!.subarray(0, 100));
    // This run loses its connection on one file.
    const flaky: MigrationTarget = {
      location: s3.storage.location,
      head: (name) => s3.storage.head(name),
      read: (name) => s3.storage.read(name),
      put: async (name, data) => {
        if (name === failing) throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
        await s3.storage.put(name, data);
      },
    };
    const first = await migrateUploads({ from: folder.dir, target: flaky });
    expect(first.found).toBe(6);
    expect(first.alreadyThere).toEqual([already]);
    expect(first.replaced).toEqual([halfWritten]);
    expect(first.copied).toEqual(rest.sort());
    expect(first.failed).toEqual([{ name: failing, reason: 'TimeoutError: socket hang up' }]);
    expect(first.ignored.sort()).toEqual(expect.arrayContaining(['notes.txt']));
    expect(first.ignored).toHaveLength(2);

    const second = await migrateUploads({ from: folder.dir, target: s3.storage });
    expect(second.copied).toEqual([failing]);
    expect(second.replaced).toEqual([]);
    expect(second.failed).toEqual([]);
    expect(second.alreadyThere).toHaveLength(5);

    expect(await s3.keys()).toEqual([...folder.files.keys()].sort());
    for (const [name, data] of folder.files) expect((await s3.storage.read(name))?.equals(data), name).toBe(true);
    // The local files stay as they were.
    expect(fs.readdirSync(folder.dir)).toHaveLength(8);
  });

  it('reads the bytes back where the ETag is not an MD5, and reports a copy that does not match', async () => {
    const [name] = [...folder.files.keys()];
    const data = folder.files.get(name)!;
    const stored = new Map<string, Buffer>();
    const odd: MigrationTarget = {
      location: '测试存储桶',
      // A service whose ETag is no MD5 (multipart-style), and which keeps a byte wrong.
      head: async (n) => (stored.has(n) ? { size: stored.get(n)!.length, etag: '"abc-2"' } : null),
      read: async (n) => stored.get(n) ?? null,
      put: async (n, d) => void stored.set(n, Buffer.concat([d.subarray(0, -1), Buffer.from([d.at(-1)! ^ 1])])),
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-migrate-one-'));
    try {
      fs.writeFileSync(path.join(dir, name), data);
      const report = await migrateUploads({ from: dir, target: odd });
      expect(report.failed).toEqual([{ name, reason: '存储桶里的内容与本地文件不一致' }]);
      expect(report.copied).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the images the database has rows for that are neither in the folder nor in the bucket', async () => {
    const user = await createUser(app.deps);
    const ghost = `${randomBytes(16).toString('hex')}.jpg`;
    const [present] = [...folder.files.keys()];
    for (const name of [ghost, present]) {
      await app.deps.db
        .insertInto('pending_uploads')
        .values({ user_id: user.id, file_name: name, url: `/uploads/${name}`, bytes: 1, width: 1, height: 1, created_at: nowDb() })
        .execute();
    }
    const report = await migrateUploads({ from: folder.dir, target: s3.storage, db: app.deps.db });
    expect(report.missing).toEqual([ghost]);
  });
});

describe('npm run storage:migrate', () => {
  let s3: TestS3;
  let folder: ReturnType<typeof uploadsFolder>;
  let dbDir: string;
  beforeAll(async () => {
    s3 = await startS3();
    folder = uploadsFolder(3);
    dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-migrate-db-'));
  });
  afterAll(async () => {
    await s3.close();
    fs.rmSync(folder.dir, { recursive: true, force: true });
    fs.rmSync(dbDir, { recursive: true, force: true });
  });

  it('copies the folder, then finds everything there on a second run', async () => {
    const env = { ...s3.env, UPLOADS_DIR: folder.dir, DATABASE_URL: `sqlite:${path.join(dbDir, 'hunter.db')}` };
    const first = await runScript(env);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('本地 3 个图片，新复制 3 个，存储桶里已有且一致 0 个');
    expect(first.out).toContain('所有图片都已在存储桶里并校验一致');
    expect(await s3.keys()).toEqual([...folder.files.keys()].sort());
    const second = await runScript(env);
    expect(second.code, second.out).toBe(0);
    expect(second.out).toContain('新复制 0 个，存储桶里已有且一致 3 个');
    // A database not created yet: the copy does not need it, the check says it could not run.
    expect(second.out).toContain('没能检查数据库里的图片记录');
  }, 60_000);

  it('refuses without STORAGE=s3, and with a bucket it cannot reach', async () => {
    const local = await runScript({ UPLOADS_DIR: folder.dir });
    expect(local.code).toBe(2);
    expect(local.out).toContain('请先设置 STORAGE=s3');
    const wrong = await runScript({ ...s3.env, S3_BUCKET: 'no-such-bucket', UPLOADS_DIR: folder.dir });
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain('无法访问S3 存储桶 no-such-bucket');
  }, 60_000);
});
