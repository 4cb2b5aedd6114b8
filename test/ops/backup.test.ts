/**
 * Backups: `npm run backup` while a real server keeps registering people, then
 * `npm run restore` into a fresh installation. Every registration acknowledged before the backup
 * began is there, the uploads came along (never a half-written one), and a server on the restored
 * copy is ready and lets those people log in. Restore refuses while a server answers on PORT.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { call, register, spawnServer, uniquePhone, type Step } from '../helpers/child-server.ts';
import { processDatabase, type ProcessDatabase } from '../helpers/process-db.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** STORAGE=s3 settings; the scripts only name the bucket, they do not connect to it. */
const BUCKET_ENV = {
  STORAGE: 's3',
  S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
  S3_REGION: 'oss-cn-hangzhou',
  S3_BUCKET: 'hunter-images',
  S3_ACCESS_KEY_ID: 'id',
  S3_SECRET_ACCESS_KEY: 'key',
};
const PASSWORD = 'backup-secret-7';

function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr });
    });
  });
}

describe('backup and restore on sqlite', () => {
  const dbs: ProcessDatabase[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.cleanup();
  });

  it('backs up while writes run; the restore has every write acknowledged before the backup began', { timeout: 60_000 }, async () => {
    const source = processDatabase('sqlite');
    const target = processDatabase('sqlite');
    dbs.push(source, target);
    const uploads = path.join(source.dir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    const image = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256));
    fs.writeFileSync(path.join(uploads, 'a1b2.webp'), image);
    fs.writeFileSync(path.join(uploads, 'c3d4.webp.9f9f.partial'), 'half');
    const server = await spawnServer({ DATABASE_URL: source.url, UPLOADS_DIR: uploads, LOG_LEVEL: 'warn' });

    const steps: Step[] = [];
    let writing = true;
    const worker = async () => {
      while (writing) steps.push(...(await register(server.url, uniquePhone(), PASSWORD)));
    };
    const workers = Array.from({ length: 6 }, worker);
    const acks = () => steps.filter((s) => s.step === 'register' && s.outcome.kind === 'answered' && s.outcome.status === 201);
    while (acks().length < 10) await new Promise((r) => setTimeout(r, 20));

    const backupStart = Date.now();
    const before = acks()
      .filter((s) => s.doneAt < backupStart)
      .map((s) => s.phone);
    const folder = path.join(source.dir, 'backup');
    const backup = await runScript('scripts/backup.ts', [folder], { DATABASE_URL: source.url, UPLOADS_DIR: uploads });
    const backupEnd = Date.now();
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('备份完成');

    // The server was writing while the backup ran.
    while (acks().filter((s) => s.sentAt > backupStart).length < 3) await new Promise((r) => setTimeout(r, 20));
    expect(steps.filter((s) => s.sentAt >= backupStart && s.sentAt <= backupEnd).length).toBeGreaterThan(0);

    // No restore while a server answers on the installation's port.
    const port = new URL(server.url).port;
    const refused = await runScript('scripts/restore.ts', [folder], { DATABASE_URL: target.url, UPLOADS_DIR: path.join(target.dir, 'uploads'), PORT: port });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('请先停止');
    expect(fs.existsSync(target.url.slice('sqlite:'.length))).toBe(false);

    writing = false;
    await Promise.all(workers);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(steps.filter((s) => s.outcome.kind !== 'answered')).toEqual([]);

    // Restore into a fresh installation, on a port where nothing answers.
    const targetUploads = path.join(target.dir, 'uploads');
    const restoreEnv = { DATABASE_URL: target.url, UPLOADS_DIR: targetUploads, PORT: '1' };
    const restored = await runScript('scripts/restore.ts', [folder], restoreEnv);
    expect(restored.code, restored.out).toBe(0);
    const present = await target.registeredPhones(before);
    expect(before.filter((p) => !present.has(p))).toEqual([]);
    expect(fs.readFileSync(path.join(targetUploads, 'a1b2.webp')).equals(image)).toBe(true);
    expect(fs.readdirSync(targetUploads)).toEqual(['a1b2.webp']);

    // A server on the restored copy is ready, and a person registered before the backup logs in.
    const again = await spawnServer({ DATABASE_URL: target.url, UPLOADS_DIR: targetUploads, LOG_LEVEL: 'warn' });
    try {
      expect((await call(`${again.url}/api/health/ready`, 'GET')).outcome).toMatchObject({ kind: 'answered', status: 200 });
      const login = await call(`${again.url}/api/auth/login`, 'POST', { loginType: 'phone', phone: before[0], password: PASSWORD });
      expect(login.outcome).toMatchObject({ kind: 'answered', status: 200 });
      // That server listens elsewhere than the installation's PORT, but has the file open: refused.
      const underServer = await runScript('scripts/restore.ts', [folder], restoreEnv);
      expect(underServer.code).toBe(1);
      expect(underServer.out).toContain('正在被使用');
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }

    // Restoring over an installation keeps what was there beside it.
    const twice = await runScript('scripts/restore.ts', [folder], restoreEnv);
    expect(twice.code, twice.out).toBe(0);
    expect(fs.readdirSync(target.dir).some((f) => /^hunter\.db\.before-restore-/.test(f))).toBe(true);
    expect(fs.readdirSync(target.dir).some((f) => /^uploads\.before-restore-/.test(f))).toBe(true);
  });

  it('sends MySQL/MariaDB installations to mysqldump', async () => {
    const out = await runScript('scripts/backup.ts', [], { DATABASE_URL: 'mysql://root@127.0.0.1:1/hunter' });
    expect(out.code).toBe(2);
    expect(out.out).toContain('mysqldump');
    // With the images in a bucket, it says so instead of asking for the uploads folder.
    const withBucket = await runScript('scripts/backup.ts', [], { DATABASE_URL: 'mysql://root@127.0.0.1:1/hunter', ...BUCKET_ENV });
    expect(withBucket.out).toContain('图片在S3 存储桶 hunter-images（https://oss-cn-hangzhou.aliyuncs.com）中，不在这份备份里');
    expect(withBucket.out).not.toContain('上传目录另行复制');
  });

  it('with STORAGE=s3, backs up the database and says where the images are; the restore says it again', { timeout: 60_000 }, async () => {
    const source = processDatabase('sqlite');
    const target = processDatabase('sqlite');
    dbs.push(source, target);
    const handle = await openDatabase(source.url);
    await migrateToLatest(handle.db);
    await handle.close();
    // A leftover local folder from before the switch is not what the backup is about.
    const uploads = path.join(source.dir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    fs.writeFileSync(path.join(uploads, 'old.jpg'), 'old');
    const folder = path.join(source.dir, 'backup');
    const backup = await runScript('scripts/backup.ts', [folder], { DATABASE_URL: source.url, UPLOADS_DIR: uploads, ...BUCKET_ENV });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('备份完成');
    expect(backup.out).toContain('图片在S3 存储桶 hunter-images（https://oss-cn-hangzhou.aliyuncs.com）中，不在这份备份里：请在存储服务上开启版本控制或跨区域复制来保护它们');
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'backup.json'), 'utf8'));
    expect(manifest).toMatchObject({ uploads: 0, imagesIn: 'S3 存储桶 hunter-images（https://oss-cn-hangzhou.aliyuncs.com）' });
    expect(fs.existsSync(path.join(folder, 'uploads'))).toBe(false);

    const restore = await runScript('scripts/restore.ts', [folder], { DATABASE_URL: target.url, UPLOADS_DIR: path.join(target.dir, 'uploads'), PORT: '1', ...BUCKET_ENV });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain('这份备份不含图片：图片在S3 存储桶 hunter-images');
  });
});
