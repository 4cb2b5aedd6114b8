/**
 * What a database error means for the request that met it, on either driver. Three kinds matter:
 *
 * - `conflict`: MariaDB/MySQL gave up on a lock — a deadlock (1213, the transaction was rolled back)
 *   or a lock wait past innodb_lock_wait_timeout (1205, the statement was) — or SQLite found the file
 *   locked by another process. Running the whole transaction again is safe and usually succeeds.
 * - `connection`: the connection failed or the server went away (restart, network). What was not
 *   committed is rolled back by the server; a COMMIT that was in flight may or may not have happened.
 * - `overload`: the database is there but too busy: the pool's queue is full or a connection did not
 *   come in time, a statement ran past its time limit, too many connections. Retrying adds load.
 *
 * Everything else (a unique key, a foreign key, a bug) is not a failure of the database.
 */

export type DatabaseFailure = 'conflict' | 'connection' | 'overload';

/** Server errors by number (mysql2 `errno`). */
const CONFLICT_ERRNOS = new Set([
  1213, // ER_LOCK_DEADLOCK
  1205, // ER_LOCK_WAIT_TIMEOUT
  1614, // ER_XA_RBDEADLOCK
  // ER_CHECKREAD: the row changed since this transaction's snapshot read it (innodb_snapshot_isolation,
  // on by default from MariaDB 11.6.2): a read-then-update such as a publish's claimText, retried whole.
  1020,
]);

const CONNECTION_ERRNOS = new Set([
  1053, // ER_SERVER_SHUTDOWN
  1077, // ER_NORMAL_SHUTDOWN
  1079, // ER_SHUTDOWN_COMPLETE
  1152, // ER_ABORTING_CONNECTION
  1158, // ER_NET_READ_ERROR … ER_NET_WRITE_INTERRUPTED (1158–1161)
  1159,
  1160,
  1161,
  1927, // ER_CONNECTION_KILLED (MariaDB)
  2002, // CR_CONNECTION_ERROR
  2003, // CR_CONN_HOST_ERROR
  2006, // CR_SERVER_GONE_ERROR
  2013, // CR_SERVER_LOST
  4031, // ER_CLIENT_INTERACTION_TIMEOUT (MySQL 8)
  1290, // ER_OPTION_PREVENTS_STATEMENT: --read-only, as a primary that is failing over answers
  1836, // ER_READ_ONLY_MODE
]);

const OVERLOAD_ERRNOS = new Set([
  1040, // ER_CON_COUNT_ERROR: too many connections
  1969, // ER_STATEMENT_TIMEOUT (MariaDB max_statement_time)
  3024, // ER_QUERY_TIMEOUT (MySQL max_execution_time)
  1317, // ER_QUERY_INTERRUPTED
]);

/** Client-side codes (mysql2, Node's sockets, the pool wrapper in connection.ts). */
const CONNECTION_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'POOL_CLOSED',
  'COMMIT_OUTCOME_UNKNOWN',
]);

const OVERLOAD_CODES = new Set(['POOL_QUEUE_FULL', 'POOL_ACQUIRE_TIMEOUT', 'QUERY_TIMEOUT']);

/** SQLite: another process holds the file (two servers on one SQLite file, or a backup). */
const SQLITE_CONFLICT_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_LOCKED', 'SQLITE_LOCKED_SHAREDCACHE']);

interface ErrorFields {
  code?: unknown;
  errno?: unknown;
  fatal?: unknown;
  message?: unknown;
}

export function databaseFailure(err: unknown): DatabaseFailure | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as ErrorFields;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const errno = typeof e.errno === 'number' ? e.errno : undefined;
  if (errno !== undefined && CONFLICT_ERRNOS.has(errno)) return 'conflict';
  if (code && SQLITE_CONFLICT_CODES.has(code)) return 'conflict';
  if (errno !== undefined && OVERLOAD_ERRNOS.has(errno)) return 'overload';
  if (code && OVERLOAD_CODES.has(code)) return 'overload';
  if (errno !== undefined && CONNECTION_ERRNOS.has(errno)) return 'connection';
  if (code && CONNECTION_CODES.has(code)) return 'connection';
  // mysql2 marks what killed the connection as fatal ("Can't add new command when connection is in
  // closed state" has no code at all); the pool's own refusals are plain errors.
  if (e.fatal === true) return 'connection';
  const message = typeof e.message === 'string' ? e.message : '';
  if (message === 'Queue limit reached.') return 'overload';
  if (message === 'Pool is closed.') return 'connection';
  return undefined;
}

/** An error raised by the pool wrapper (connection.ts) or the transaction helper. */
export class DatabaseUnavailableError extends Error {
  constructor(
    readonly code: 'POOL_QUEUE_FULL' | 'POOL_ACQUIRE_TIMEOUT' | 'QUERY_TIMEOUT' | 'POOL_CLOSED' | 'COMMIT_OUTCOME_UNKNOWN',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * The COMMIT was sent and the connection died before its answer: the transaction may have been
 * committed or not. Never retried (it could run twice); the request answers 503 and says so.
 */
export function isCommitOutcomeUnknown(err: unknown): boolean {
  return err instanceof DatabaseUnavailableError && err.code === 'COMMIT_OUTCOME_UNKNOWN';
}
