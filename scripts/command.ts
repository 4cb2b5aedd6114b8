/**
 * The body of an `npm run` command: a failure an operator can fix (a wrong setting, the database out
 * of reach or refusing the login, a failed migration) is said in Chinese with exit 1, as `npm start`
 * says it (ops/start-failure.ts); anything else keeps its stack.
 */
import fs from 'node:fs';
import { dialectOf, sqliteFile } from '../db/connection.ts';
import { loadConfig, type Config } from '../src/server/kernel/config.ts';
import { failureInWords } from '../src/server/ops/start-failure.ts';

export async function runCommand(body: (config: Config) => Promise<void>): Promise<void> {
  let config: Config | undefined;
  try {
    config = loadConfig();
    await body(config);
  } catch (err) {
    const words = failureInWords(err, { port: config?.port ?? 0, databaseStartWaitMs: 0 });
    if (!words) throw err;
    console.error(words);
    process.exitCode = 1;
  }
}

/**
 * For commands that work on the server's database (create-admin, purge): a SQLite file that is not
 * there is a wrong DATABASE_URL, not a database to create (a MySQL one is opened with
 * `createMissing: false`). Says so and answers false.
 */
export function sqliteFileThere(databaseUrl: string | undefined): boolean {
  if (dialectOf(databaseUrl) !== 'sqlite' || fs.existsSync(sqliteFile(databaseUrl))) return true;
  console.error(`数据库文件 ${sqliteFile(databaseUrl)} 不存在：请把 DATABASE_URL 设为服务器使用的那个，或先启动一次服务器。`);
  process.exitCode = 1;
  return false;
}
