/**
 * Why a start (or a command) failed, in Chinese and in one line, for the failures an operator meets:
 * the database out of reach or refusing the login, a migration that failed, the port taken, a wrong
 * setting. An outside review met each of these as a raw English stack trace. Anything else is a bug
 * and keeps its stack.
 */
import { databaseFailure } from '../../../db/failures.ts';
import { MIGRATION_LOCK_WAIT_SECONDS, MigrationError } from '../../../db/migrate.ts';
import { ConfigError, type Config } from '../kernel/config.ts';

const codeOf = (err: unknown) => (err as { code?: unknown })?.code;
/** The driver's code of a failure, for the message (ECONNREFUSED, ER_ACCESS_DENIED_ERROR…). */
export const failureCode = (err: unknown) => String(codeOf(err) ?? (err as Error)?.message ?? err);

export function failureInWords(err: unknown, config: Pick<Config, 'port' | 'databaseStartWaitMs'>): string | null {
  if (err instanceof ConfigError) return `配置错误：${err.message}`;
  if (err instanceof MigrationError && (err.cause as { errno?: unknown })?.errno === 1205) {
    return (
      `数据库迁移 ${err.migrationName ?? '（准备阶段）'} 等锁超时（迁移最多等 ${MIGRATION_LOCK_WAIT_SECONDS} 秒）：另一个连接正在用它要改的表（没有结束的事务、正在进行的导出）。` +
      '这条语句没有执行。请结束那个连接（SHOW PROCESSLIST 可以看到）或等导出完成，再启动。'
    );
  }
  if (err instanceof MigrationError) {
    const cause = (err.cause as Error)?.message ?? String(err.cause);
    return (
      `数据库迁移 ${err.migrationName ?? '（准备阶段）'} 失败：${cause}。数据库没有升级完成，服务没有启动。` +
      'MariaDB 不能撤回已经做了的表结构改动：请从升级前的备份恢复（docs/deployment.md 的 Back up 与 Restore），或按报错修正数据库后再启动。'
    );
  }
  const listening = (err as { syscall?: unknown })?.syscall === 'listen';
  if (listening && codeOf(err) === 'EADDRINUSE') return `端口 ${config.port} 已被占用：请换一个 PORT，或先停掉占用它的进程。`;
  if (listening && codeOf(err) === 'EACCES') return `没有权限使用端口 ${config.port}：请用 1024 以上的端口（PORT），或由反向代理转发。`;
  if (codeOf(err) === 'EACCES' || codeOf(err) === 'EROFS') {
    const where = (err as { path?: unknown }).path;
    return `没有权限写入 ${where ?? '数据目录'}：请让运行服务的用户（镜像里是 uid 1000）可以写这个目录（见 docs/deployment.md）。`;
  }
  switch (codeOf(err)) {
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR':
      return '数据库拒绝了登录（用户名或密码不对）：请检查 DATABASE_URL 里的用户名和密码。';
    case 'ER_DBACCESS_DENIED_ERROR':
    case 'ER_TABLEACCESS_DENIED_ERROR':
      return '数据库用户没有这个库的权限：请给 DATABASE_URL 里的用户授予这个库的全部权限（见 docs/deployment.md）。';
    case 'ER_BAD_DB_ERROR':
      return '数据库不存在：请确认 DATABASE_URL 里的库名与服务器使用的相同（服务器第一次启动时会建库）。';
  }
  if (databaseFailure(err) === 'connection') {
    const waited = config.databaseStartWaitMs > 0 ? `，已等待 ${Math.round(config.databaseStartWaitMs / 1000)} 秒` : '';
    return `无法连接数据库（${failureCode(err)}）${waited}。请检查 DATABASE_URL 和数据库服务是否在运行。`;
  }
  return null;
}
