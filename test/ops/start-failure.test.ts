/**
 * What an operator reads when a start or a command fails for a reason they can fix (an outside
 * review met each as a raw English stack trace): one Chinese line saying what to do, exit 1. Anything
 * else is a bug and keeps its stack. The commands themselves are run as the README gives them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { parseMysqlUrl } from '../../db/connection.ts';
import { DatabaseUnavailableError } from '../../db/failures.ts';
import { MigrationError } from '../../db/migrate.ts';
import { ConfigError } from '../../src/server/kernel/config.ts';
import { failureInWords } from '../../src/server/ops/start-failure.ts';
import { mysqlUrlWithDatabase } from '../helpers/dialects.ts';

const config = { port: 3000, databaseStartWaitMs: 60_000 };
const coded = (code: string, more: Record<string, string> = {}) => Object.assign(new Error(code), { code, ...more });

describe('a failure in words', () => {
  it('says what to fix for each failure an operator meets, and nothing for a bug', () => {
    expect(failureInWords(new ConfigError('PORT 不对'), config)).toBe('配置错误：PORT 不对');
    expect(failureInWords(new MigrationError('2026_11_28_0002_publish_slots', new Error("Table 'publish_slots' already exists")), config)).toMatch(
      /^数据库迁移 2026_11_28_0002_publish_slots 失败：Table 'publish_slots' already exists。数据库没有升级完成，服务没有启动。.*从升级前的备份恢复/,
    );
    expect(failureInWords(coded('ER_ACCESS_DENIED_ERROR'), config)).toBe('数据库拒绝了登录（用户名或密码不对）：请检查 DATABASE_URL 里的用户名和密码。');
    expect(failureInWords(coded('ER_DBACCESS_DENIED_ERROR'), config)).toContain('没有这个库的权限');
    expect(failureInWords(coded('ER_BAD_DB_ERROR'), config)).toContain('数据库不存在');
    expect(failureInWords(coded('EADDRINUSE', { syscall: 'listen' }), config)).toBe('端口 3000 已被占用：请换一个 PORT，或先停掉占用它的进程。');
    expect(failureInWords(coded('EACCES', { syscall: 'listen' }), config)).toContain('没有权限使用端口 3000');
    // Not the port: the data folder (an unwritable volume).
    expect(failureInWords(coded('EACCES', { syscall: 'mkdir', path: '/data' }), config)).toBe('没有权限写入 /data：请让运行服务的用户（镜像里是 uid 1000）可以写这个目录（见 docs/deployment.md）。');
    expect(failureInWords(new DatabaseUnavailableError('POOL_CLOSED', 'closed'), config)).toBe('无法连接数据库（POOL_CLOSED），已等待 60 秒。请检查 DATABASE_URL 和数据库服务是否在运行。');
    expect(failureInWords(coded('ECONNREFUSED'), { ...config, databaseStartWaitMs: 0 })).toBe('无法连接数据库（ECONNREFUSED）。请检查 DATABASE_URL 和数据库服务是否在运行。');
    expect(failureInWords(new TypeError("Cannot read properties of undefined (reading 'id')"), config)).toBeNull();
    expect(failureInWords(coded('EADDRINUSE'), config), 'not from listen').toBeNull();
  });
});

/** `npm run <command>` as an operator runs it: its exit code and what it printed. */
function npmRun(command: string, args: string[], env: Record<string, string>) {
  const run = spawnSync('npm', ['run', '--silent', command, '--', ...args], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('the commands', () => {
  it('refuse a wrong setting in one line, without a stack', () => {
    const run = npmRun('migrate', [], { RATE_SMS_PHONE_PER_DAY: 'x', DATABASE_URL: `sqlite:${path.join(os.tmpdir(), 'never-opened.db')}` });
    expect(run).toMatchObject({ status: 1 });
    expect(run.out.trim()).toBe('配置错误：环境变量 RATE_SMS_PHONE_PER_DAY 需要不小于 0 的整数，收到：x');
  });

  it('seed no demo accounts into a production database unless asked', () => {
    const file = path.join(os.tmpdir(), `seed-production-${process.pid}.db`);
    try {
      const run = npmRun('seed', [], { NODE_ENV: 'production', SEED_DEMO: '', DATABASE_URL: `sqlite:${file}` });
      expect(run.status).toBe(1);
      expect(run.out).toContain('生产环境（NODE_ENV=production）不写入演示数据');
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      for (const ext of ['', '-wal', '-shm']) fs.rmSync(file + ext, { force: true });
    }
  });

  it('create-admin and purge make no SQLite file of a mistyped path', () => {
    const file = path.join(os.tmpdir(), `typo-${process.pid}`, 'hunter.db');
    for (const [command, args] of [
      ['purge', []],
      ['create-admin', ['13800000001']],
    ] as const) {
      const run = npmRun(command, [...args], { DATABASE_URL: `sqlite:${file}` });
      expect(run.status, command).toBe(1);
      expect(run.out.trim()).toBe(`数据库文件 ${file} 不存在：请把 DATABASE_URL 设为服务器使用的那个，或先启动一次服务器。`);
      expect(fs.existsSync(file)).toBe(false);
    }
  });

  it.runIf(!!process.env.TEST_MYSQL_URL)('create-admin makes no database of a mistyped name', async () => {
    const url = mysqlUrlWithDatabase(process.env.TEST_MYSQL_URL!, `hunter_test_typo_${process.pid}`);
    const run = npmRun('create-admin', ['13800000001'], { DATABASE_URL: url });
    expect(run.status).toBe(1);
    expect(run.out.trim()).toBe('数据库不存在：请确认 DATABASE_URL 里的库名与服务器使用的相同（服务器第一次启动时会建库）。');
    const { database, ...target } = parseMysqlUrl(url);
    const admin = await createConnection(target);
    try {
      const [rows] = await admin.query('SHOW DATABASES LIKE ?', [database]);
      expect(rows).toEqual([]);
    } finally {
      await admin.end();
    }
  });
});
