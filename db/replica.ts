/**
 * A MariaDB/MySQL read replica (DATABASE_READ_URL; docs/deployment.md, "A read replica"). Its handle
 * is a Kysely whose statements go to the replica while it is usable and to the primary otherwise:
 *
 * - usable: the last health check (every CHECK_EVERY_MS, never per request) found it replicating
 *   with `Seconds_Behind_Master` at most `maxLagSeconds`, and no read failed on it since;
 * - a statement the replica fails (refused, lost, timed out, any server error) or does not answer
 *   before the replica is found down is run on the primary, and the replica stays out of use for
 *   DOWN_FOR_MS and until a check finds it usable again. Each change of state is logged once;
 * - only reads: the handle refuses a write statement and any transaction, and the replica's
 *   connections are `SET SESSION TRANSACTION READ ONLY` besides, so nothing is ever written there.
 *
 * Which reads may use this handle at all (public reads, not a member's right after their own write)
 * is src/server/infrastructure/read-routing.ts.
 */
import { Kysely, MysqlDialect, type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryResult } from 'kysely';
import { createMysqlPool, guardPool, parseMysqlUrl, type DatabaseHandle, type DatabaseOptions, type GuardedPool } from './connection.ts';
import type { PoolConnection, RowDataPacket } from 'mysql2';
import { BooleanToIntPlugin } from './portable.ts';
import { withStatementRetries } from './transaction.ts';
import type { Database } from './types.ts';

/** How often the replica's state is asked. */
export const CHECK_EVERY_MS = 1000;
/** A check not answered within this long finds the replica down. */
const CHECK_TIMEOUT_MS = 1000;
/** How long a replica that failed a read stays out of use (then a check must find it usable). */
export const DOWN_FOR_MS = 5000;
/** Waiting for a replica connection: a replica slow to give one is not waited for long, the primary is there. */
const REPLICA_WAIT_MS = 1000;

export interface ReplicaSettings {
  /** Lag past which reads go to the primary (DATABASE_READ_MAX_LAG_SECONDS). */
  maxLagSeconds: number;
  /** Said once per change of state (the server's log). */
  log?: (level: 'info' | 'warn', message: string) => void;
}

/** The replica's state as the last check and the reads since found it. */
export interface ReplicaState {
  usable: boolean;
  /** `Seconds_Behind_Master` at the last check; null when not replicating or not known. */
  lagSeconds: number | null;
  /** Why it is not usable (empty when it is). */
  reason: string;
}

const READ_STATEMENT = /^\s*(select|with|show|explain)\b/i;

/** The replica stopped answering: what was waiting on it is given up and run on the primary. */
class ReplicaGaveUp extends Error {}

export class ReadReplica {
  readonly db: Kysely<Database>;
  private healthy = false;
  private downUntil = 0;
  private lagSeconds: number | null = null;
  private reason = '尚未检查';
  private wasUsable: boolean | undefined;
  private checkStarted = 0;
  private checking: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  /** Settled when the replica is found down: statements waiting on it stop waiting. */
  private wentDown!: Promise<never>;
  private giveUp!: (err: Error) => void;

  constructor(
    /** The replica's pool as the app uses it: checks get its time limits too. */
    private readonly client: GuardedPool,
    primary: Dialect,
    replica: Dialect,
    private readonly settings: ReplicaSettings,
  ) {
    this.armDown();
    this.db = new Kysely<Database>({ dialect: routingDialect(this, primary, replica), plugins: [new BooleanToIntPlugin()] });
    this.timer = setInterval(() => void this.check(), CHECK_EVERY_MS);
    this.timer.unref();
    void this.check();
  }

  usable(): boolean {
    return this.healthy && Date.now() >= this.downUntil;
  }

  state(): ReplicaState {
    return { usable: this.usable(), lagSeconds: this.lagSeconds, reason: this.usable() ? '' : this.reason };
  }

  /** A read failed on the replica, or it stopped answering: out of use for DOWN_FOR_MS, then until a check finds it usable. */
  markDown(reason: string): void {
    this.downUntil = Date.now() + DOWN_FOR_MS;
    this.healthy = false;
    this.reason = reason;
    this.giveUp(new ReplicaGaveUp(reason));
    this.armDown();
    this.said();
  }

  /** `work` on the replica, unless it is found down first. */
  whileUp<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.wentDown]);
  }

  /** Asks the replica its state (`SHOW REPLICA STATUS`, `SHOW SLAVE STATUS` before MariaDB 10.5 and MySQL 8.0.22); the check under way, if one is. */
  check(): Promise<void> {
    if (this.checking) {
      // The last check is still waiting: a hung replica (its statement is cut off by the client's timer).
      if (Date.now() - this.checkStarted > CHECK_TIMEOUT_MS && this.usable()) this.markDown(`副本在 ${CHECK_TIMEOUT_MS} 毫秒内没有回答`);
      return this.checking;
    }
    this.checkStarted = Date.now();
    this.checking = this.ask().finally(() => {
      this.checking = undefined;
      this.said();
    });
    return this.checking;
  }

  private async ask(): Promise<void> {
    try {
      const status = await this.status();
      const lag = status ? numberOrNull(status.Seconds_Behind_Master ?? status.Seconds_Behind_Source) : null;
      this.lagSeconds = lag;
      if (!status) this.reason = '这台服务器不是副本（SHOW REPLICA STATUS 为空）';
      else if (lag === null)
        this.reason = `副本没有在复制（IO ${String(status.Slave_IO_Running ?? status.Replica_IO_Running)}，SQL ${String(status.Slave_SQL_Running ?? status.Replica_SQL_Running)}）`;
      else if (lag > this.settings.maxLagSeconds) this.reason = `副本落后 ${lag} 秒，超过 ${this.settings.maxLagSeconds} 秒`;
      this.healthy = lag !== null && lag <= this.settings.maxLagSeconds;
    } catch (err) {
      this.healthy = false;
      this.lagSeconds = null;
      this.reason = `副本无法连接（${(err as { code?: string }).code ?? (err as Error).message}）`;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.db.destroy();
    // Ended here, not by the handle's driver: the checks use the pool before any read does, or without one.
    await new Promise<void>((resolve) => this.client.end(() => resolve()));
  }

  private async status(): Promise<Record<string, unknown> | undefined> {
    const ask = (sql: string) =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        this.client.getConnection((err, given) => {
          if (err) return reject(err as Error);
          const conn = given as unknown as PoolConnection;
          conn.query(sql, (queryError: Error | null, rows: RowDataPacket[]) => {
            conn.release();
            if (queryError) reject(queryError);
            else resolve(rows);
          });
        });
      });
    try {
      return (await ask('SHOW REPLICA STATUS'))[0];
    } catch (err) {
      // ER_PARSE_ERROR: a server older than the word REPLICA.
      if ((err as { errno?: number }).errno !== 1064) throw err;
      return (await ask('SHOW SLAVE STATUS'))[0];
    }
  }

  private armDown(): void {
    this.wentDown = new Promise<never>((_, reject) => (this.giveUp = reject));
    // Nobody may be waiting when it settles.
    this.wentDown.catch(() => undefined);
  }

  private said(): void {
    const usable = this.usable();
    if (usable === this.wasUsable) return;
    // Starting unusable (the first check not answered yet) is not news.
    if (this.wasUsable === undefined && !usable && this.reason === '尚未检查') return;
    this.wasUsable = usable;
    if (usable) this.settings.log?.('info', `读副本可用（落后 ${this.lagSeconds ?? 0} 秒）：公开的读取走副本`);
    else this.settings.log?.('warn', `读副本暂不使用：${this.reason}；读取改走主库`);
  }
}

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function describeFailure(err: unknown): string {
  const e = err as { code?: string; errno?: number; message?: string };
  return `副本读取失败（${e.code ?? e.errno ?? e.message ?? String(err)}）`;
}

/** A connection of the routing handle: the replica's when it was usable at the start, else none (the primary then). */
class RoutedConnection implements DatabaseConnection {
  /** Given up on after a failure: what runs on it settles by itself, then it goes back (or, cut off, was destroyed). */
  abandoned = false;

  constructor(
    private readonly replica: ReadReplica,
    readonly onReplica: DatabaseConnection | undefined,
    private readonly replicaDriver: Driver,
    private readonly primary: Driver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!READ_STATEMENT.test(query.sql)) throw new Error(`the read replica's handle runs reads only, not: ${query.sql.slice(0, 60)}`);
    if (this.onReplica && !this.abandoned && this.replica.usable()) {
      const running = this.onReplica.executeQuery<R>(query);
      try {
        return await this.replica.whileUp(running);
      } catch (err) {
        this.abandoned = true;
        const release = () => this.replicaDriver.releaseConnection(this.onReplica!);
        running.then(release, release).catch(() => undefined);
        if (!(err instanceof ReplicaGaveUp)) this.replica.markDown(describeFailure(err));
      }
    }
    const conn = await this.primary.acquireConnection();
    try {
      return await conn.executeQuery<R>(query);
    } finally {
      await this.primary.releaseConnection(conn);
    }
  }

  // eslint-disable-next-line require-yield -- refuses before the first row
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("the read replica's handle does not stream");
  }
}

class RoutingDriver implements Driver {
  constructor(
    private readonly replica: ReadReplica,
    private readonly onReplica: Driver,
    private readonly primary: Driver,
  ) {}

  async init(): Promise<void> {
    await this.onReplica.init();
    await this.primary.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let conn: DatabaseConnection | undefined;
    if (this.replica.usable()) {
      const acquiring = this.onReplica.acquireConnection();
      try {
        conn = await this.replica.whileUp(acquiring);
      } catch (err) {
        // One that comes after all goes back.
        acquiring.then((late) => this.onReplica.releaseConnection(late)).catch(() => undefined);
        if (!(err instanceof ReplicaGaveUp)) this.replica.markDown(describeFailure(err));
      }
    }
    return new RoutedConnection(this.replica, conn, this.onReplica, this.primary);
  }

  beginTransaction(): Promise<void> {
    return Promise.reject(new Error("the read replica's handle runs no transaction: writes go to the primary"));
  }

  commitTransaction(): Promise<void> {
    return this.beginTransaction();
  }

  rollbackTransaction(): Promise<void> {
    return this.beginTransaction();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as RoutedConnection;
    if (c.onReplica && !c.abandoned) await this.onReplica.releaseConnection(c.onReplica);
  }

  async destroy(): Promise<void> {
    // Nothing: the replica's pool is ReadReplica.close's to end, the primary's the primary handle's.
  }
}

function routingDialect(replica: ReadReplica, primary: Dialect, onReplica: Dialect): Dialect {
  return {
    createAdapter: () => onReplica.createAdapter(),
    createDriver: () => new RoutingDriver(replica, onReplica.createDriver(), primary.createDriver()),
    createIntrospector: (db) => onReplica.createIntrospector(db),
    createQueryCompiler: () => onReplica.createQueryCompiler(),
  };
}

/**
 * Opens the replica DATABASE_READ_URL names beside a MySQL/MariaDB primary handle: `handle.replica`,
 * closed with the handle. The replica's waits are short (REPLICA_WAIT_MS): the primary is there.
 */
export function attachReadReplica(handle: DatabaseHandle, url: string, options: DatabaseOptions, settings: ReplicaSettings): ReadReplica {
  if (handle.dialect !== 'mysql' || !handle.mysqlClient) throw new Error('DATABASE_READ_URL needs a MySQL/MariaDB DATABASE_URL');
  const o: DatabaseOptions = { ...options, acquireTimeoutMs: Math.min(options.acquireTimeoutMs, REPLICA_WAIT_MS), connectTimeoutMs: Math.min(options.connectTimeoutMs, REPLICA_WAIT_MS) };
  const client = guardPool(createMysqlPool(parseMysqlUrl(url), o), o, { readOnly: true });
  const primary = withStatementRetries(new MysqlDialect({ pool: handle.mysqlClient }), { reconnectReads: true });
  const replica = new ReadReplica(client, primary, new MysqlDialect({ pool: client }), settings);
  const close = handle.close.bind(handle);
  handle.replica = replica;
  handle.close = async () => {
    await replica.close();
    await close();
  };
  return replica;
}
