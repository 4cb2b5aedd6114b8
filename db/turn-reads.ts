/**
 * On SQLite, the hot reads answered in one turn of the event loop share one read transaction.
 *
 * A statement run on its own opens and closes a read transaction: file locks and a size check (three
 * system calls) and the pager's checks. Measured here (issue 20): 6 µs a statement for that, against
 * 1.4 µs for an unread count itself. Under load one poll phase answers many requests, so the first
 * hot read of a turn begins a transaction and the turn's check phase (setImmediate) ends it.
 *
 * Everything else asks the connection through `guard`, which ends the shared read first: a write
 * of this process never joins it, and a read after that write sees it. Another process's writes are
 * seen from the next turn on, as if the read had been answered a moment earlier.
 */
import type SQLite from 'better-sqlite3';

export class TurnReads {
  private open = false;
  private readonly statements = new Map<string, SQLite.Statement>();
  private readonly begin: SQLite.Statement;
  private readonly commit: SQLite.Statement;
  private readonly endOfTurn = () => this.end();

  constructor(private readonly sqlite: SQLite.Database) {
    this.begin = sqlite.prepare('BEGIN');
    this.commit = sqlite.prepare('COMMIT');
  }

  /**
   * The connection as everything but the hot reads uses it (Kysely, through its statement cache; the
   * rate limiter): each call ends the turn's read first, a statement taken from a cache included.
   */
  guard<Client extends object>(client: Client): Client {
    return new Proxy(client, {
      get: (target, key) => {
        const value = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          this.end();
          return value.apply(target, args);
        };
      },
    });
  }

  /**
   * The rows of a read statement (`?` placeholders), or undefined when it must go through Kysely: a
   * transaction of Kysely's is open on the one connection (then the read waits its turn there, so it
   * never sees a write half done), or another process holds the file (Kysely's path retries it).
   */
  read<Row>(sql: string, parameters: readonly unknown[]): Row[] | undefined {
    if (!this.open && this.sqlite.inTransaction) return undefined;
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare(sql);
      if (!statement.reader) throw new Error('TurnReads: only a read statement may run here');
      this.statements.set(sql, statement);
    }
    try {
      if (!this.open) {
        this.begin.run();
        this.open = true;
        setImmediate(this.endOfTurn);
      }
      return statement.all(...parameters) as Row[];
    } catch (err) {
      this.end();
      if (!String((err as { code?: unknown }).code ?? '').startsWith('SQLITE_BUSY')) throw err;
      return undefined;
    }
  }

  /** Ends the turn's read transaction, if one is open. */
  end(): void {
    if (!this.open) return;
    this.open = false;
    if (!this.sqlite.inTransaction) return;
    try {
      this.commit.run();
    } catch (err) {
      // A read has nothing to commit; should ending it fail, it is dropped, never left open.
      if (this.sqlite.inTransaction) this.sqlite.exec('ROLLBACK');
      console.error('[turn-reads]', err);
    }
  }
}
