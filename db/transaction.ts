/**
 * The one way to write. Every write transaction goes through `transaction()`, and every
 * statement run outside one through the driver wrapper `withStatementRetries()` (connection.ts puts
 * it under both dialects), so an error MariaDB raises under contention — a deadlock (1213), a lock
 * wait past its timeout (1205), SQLite's file locked by another process — never reaches a user:
 *
 * - A transaction is run again from its start, whole, a bounded number of times with jittered
 *   exponential back-off (RETRY_POLICY). The body must therefore do database work only: no SMS, no
 *   file written or removed, no cache dropped, nothing another system sees — those come after
 *   `transaction()` returns. The body may run several times; only the last run is committed.
 * - A connection lost before COMMIT was sent is retried too (the server rolls back what a dead
 *   connection had begun); lost while COMMIT was in flight, the outcome is unknown and nothing is
 *   retried: the caller gets COMMIT_OUTCOME_UNKNOWN (503), never a write done twice.
 * - A statement outside a transaction is its own transaction: retried on a deadlock or lock wait,
 *   and, for a read, on a lost connection (on a fresh one).
 *
 * What is left after the attempts (a database down for longer, a lock held for long) is a 503 with
 * a Chinese message (src/server/kernel/errors.ts), not a 500.
 */
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, Kysely, QueryResult, Transaction, TransactionSettings } from 'kysely';
import { DatabaseUnavailableError, databaseFailure, isCommitOutcomeUnknown } from './failures.ts';

export interface RetryPolicy {
  /** Runs in all, the first included. */
  attempts: number;
  /**
   * Runs in all when the connection failed: a server restarting or failing over may take a new
   * connection at once; one that is down refuses it at once (ECONNREFUSED), and more runs only wait.
   * A connection that timed out is never run again: that wait would only double.
   */
  connectionAttempts: number;
  /** The back-off before run n+1 is a random time in [0, min(maxDelayMs, baseDelayMs · 2^n)] ("full jitter"). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** No new run starts once this long has passed since the first began (lock waits each take seconds). */
  budgetMs: number;
}

/**
 * Six runs absorb the deadlocks of 20 writers meeting on one row (measured: test/database/contention.api.test.ts
 * needs at most 2); the back-off (25 ms doubling, capped at 1 s, jittered so the writers that met do
 * not meet again) and the 10 s budget bound what a request can wait.
 */
export const RETRY_POLICY: RetryPolicy = { attempts: 6, connectionAttempts: 3, baseDelayMs: 25, maxDelayMs: 1000, budgetMs: 10_000 };

/** Counters since the process started (the tests and the reliability figures read them). */
export const retryStats = {
  /** Runs started again after a deadlock, lock wait or busy file. */
  conflicts: 0,
  /** Runs started again after a lost connection. */
  reconnects: 0,
  /** Transactions and statements that failed after every allowed run. */
  exhausted: 0,
  /** COMMITs whose answer never came (the caller was told the outcome is unknown). */
  unknownCommits: 0,
};

export function resetRetryStats(): void {
  retryStats.conflicts = retryStats.reconnects = retryStats.exhausted = retryStats.unknownCommits = 0;
}

/** Connection failures that already cost a full timeout. */
const TIMED_OUT = new Set(['ETIMEDOUT', 'PROTOCOL_SEQUENCE_TIMEOUT']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it succeeds, throws something `retryable` refuses, or the policy is spent.
 * `attempt` receives its number (1 for the first run).
 */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, retryable: (err: unknown) => boolean, policy: RetryPolicy = RETRY_POLICY): Promise<T> {
  const started = Date.now();
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (!retryable(err)) throw err;
      const connection = databaseFailure(err) === 'connection';
      if (connection && TIMED_OUT.has((err as { code?: string }).code ?? '')) throw err;
      if (n >= (connection ? Math.min(policy.attempts, policy.connectionAttempts) : policy.attempts) || Date.now() - started >= policy.budgetMs) {
        retryStats.exhausted++;
        throw err;
      }
      if (connection) retryStats.reconnects++;
      else retryStats.conflicts++;
      await sleep(Math.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** n));
    }
  }
}

/** What a transaction may run again after: a lock conflict, or a connection lost before COMMIT. */
function retryableTransactionError(err: unknown): boolean {
  const failure = databaseFailure(err);
  return failure === 'conflict' || (failure === 'connection' && !isCommitOutcomeUnknown(err));
}

/**
 * Runs `body` in a transaction, the whole of it again on a deadlock, lock wait or lost connection
 * (see the top of this file). `body` may run more than once: database work only.
 */
export async function transaction<DB, T>(db: Kysely<DB>, body: (trx: Transaction<DB>) => Promise<T>, policy: RetryPolicy = RETRY_POLICY): Promise<T> {
  return withRetries(
    async () => {
      let bodyDone = false;
      let bodyError: { error: unknown } | undefined;
      try {
        return await db.transaction().execute(async (trx) => {
          try {
            const result = await body(trx);
            bodyDone = true;
            return result;
          } catch (error) {
            bodyError = { error };
            throw error;
          }
        });
      } catch (err) {
        // The body's own error, not the ROLLBACK's (which fails too when the connection is gone).
        if (bodyError) throw bodyError.error;
        if (bodyDone && databaseFailure(err) === 'connection') {
          retryStats.unknownCommits++;
          throw new DatabaseUnavailableError('COMMIT_OUTCOME_UNKNOWN', 'the connection was lost while COMMIT was in flight', { cause: err });
        }
        throw err;
      }
    },
    retryableTransactionError,
    policy,
  );
}

// ------------------------------------------------------------------ statements outside a transaction

const READ_STATEMENT = /^\s*(select|with|show|explain)\b/i;

interface StatementRetryOptions {
  /** Run a read again on a fresh connection after its connection was lost (MySQL; SQLite never loses one). */
  reconnectReads: boolean;
  policy?: RetryPolicy;
}

class RetryingConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly driver: Driver,
    private readonly options: StatementRetryOptions,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Inside a transaction a failure ends the transaction: transaction() runs it again, whole.
    if (this.inTransaction) return this.inner.executeQuery<R>(query);
    const read = READ_STATEMENT.test(query.sql);
    let lost = false;
    return withRetries(
      async () => {
        if (!lost) return this.inner.executeQuery<R>(query);
        const fresh = await this.driver.acquireConnection();
        try {
          return await fresh.executeQuery<R>(query);
        } finally {
          await this.driver.releaseConnection(fresh);
        }
      },
      (err) => {
        const failure = databaseFailure(err);
        if (failure === 'conflict') return true;
        // A write whose connection died may have been committed: never sent twice.
        if (failure === 'connection' && read && this.options.reconnectReads) return (lost = true);
        return false;
      },
      this.options.policy,
    );
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class RetryingDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, RetryingConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly options: StatementRetryOptions,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapped = this.wrapped.get(connection);
    if (!wrapped) {
      wrapped = new RetryingConnection(connection, this.inner, this.options);
      this.wrapped.set(connection, wrapped);
    }
    wrapped.inTransaction = false;
    return wrapped;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as RetryingConnection;
    c.inTransaction = true;
    await this.inner.beginTransaction(c.inner, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as RetryingConnection;
    try {
      await this.inner.commitTransaction(c.inner);
    } finally {
      c.inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as RetryingConnection;
    try {
      await this.inner.rollbackTransaction(c.inner);
    } finally {
      c.inTransaction = false;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as RetryingConnection;
    c.inTransaction = false;
    await this.inner.releaseConnection(c.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The dialect with every statement outside a transaction retried as described above. */
export function withStatementRetries(dialect: Dialect, options: StatementRetryOptions): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new RetryingDriver(dialect.createDriver(), options),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
