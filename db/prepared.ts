/**
 * A query built and compiled once, then run with new values. Kysely builds and compiles a query on
 * every call: 16–22 µs for a lookup through the visibility rule, more than running it (about 7 µs on
 * SQLite). A members' hot read (docs/architecture.md §1) pays that per request; this pays it once per database.
 *
 * `build` receives stand-in values (numbers for numbers, strings for strings) and must use each
 * exactly once as a parameter; the compiled SQL is reused with the real values put in their places.
 * Only ids and plain strings vary: the query's shape, and every other value in it, is fixed when it
 * is first built. A prepared query must be a read (it runs through `runRead`).
 */
import { CompiledQuery, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import type { TurnReads } from './turn-reads.ts';

/**
 * The hot reads' own SQLite connection beside a Kysely instance that openSqlite made (db/connection.ts),
 * so a hot read can run its statement on the driver directly: Kysely's executor (its connection lock,
 * plugins and promise chain) cost 7–17 µs of CPU a read in the loaded server, more than the statement
 *.
 */
const directSqlite = new WeakMap<Kysely<any>, TurnReads>();

export function runStatementsDirectly(db: Kysely<any>, reads: TurnReads): void {
  directSqlite.set(db, reads);
}

/**
 * Runs one read statement (`?` placeholders) and returns its rows. On SQLite it runs on the driver
 * itself, synchronously, in the turn's shared read transaction on the reads' own connection
 * (turn-reads.ts), unless the file is busy (then through Kysely, which waits and retries); on
 * MySQL/MariaDB, and on a Kysely instance with plugins added (a test's counter), through Kysely.
 * Only for reads: a write goes through Kysely (on SQLite a write here is refused).
 */
export async function runRead<Row>(db: Kysely<any>, sql: string, parameters: readonly unknown[]): Promise<Row[]> {
  const rows = directSqlite.get(db)?.read<Row>(sql, parameters);
  return rows ?? (await db.executeQuery<Row>(CompiledQuery.raw(sql, [...parameters]))).rows;
}

const STAND_IN_BASE = -918_273_645;

export function preparedQuery<Row, Args extends (number | string)[]>(build: (db: Kysely<any>, ...args: Args) => Compilable<Row>) {
  const compiled = new WeakMap<Kysely<any>, { sql: string; parameters: readonly unknown[]; slots: number[] }>();
  return async (db: Kysely<any>, ...args: Args): Promise<Row[]> => {
    let query = compiled.get(db);
    if (!query) {
      const standIns = args.map((arg, i) => (typeof arg === 'string' ? `\u0001stand-in-${i}` : STAND_IN_BASE - i)) as Args;
      const { sql, parameters } = build(db, ...standIns).compile();
      const slots = standIns.map((standIn) => parameters.indexOf(standIn));
      if (slots.some((slot, i) => slot < 0 || parameters.lastIndexOf(standIns[i]) !== slot)) throw new Error('preparedQuery: each value must appear exactly once');
      query = { sql, parameters, slots };
      compiled.set(db, query);
    }
    const parameters = [...query.parameters];
    query.slots.forEach((slot, i) => (parameters[slot] = args[i]));
    return runRead<Row>(db, query.sql, parameters);
  };
}

/**
 * Queries whose shape varies with a key (a search: which ranks it reads, how many words, from a
 * cursor or not), each shape built and compiled once per database and then run with each call's
 * values. `build` receives `arg(i)`, a stand-in for `args[i]` that may appear any number of times and
 * wherever a value may (it is typed `never` for that); the key must name everything else that shapes
 * the query. Kysely's building and compiling of a search round cost as much as running it.
 */
export function shapedQueries<Row>(maxShapes = 500) {
  const byDb = new WeakMap<Kysely<any>, Map<string, { sql: string; parameters: readonly unknown[]; slots: (number | null)[] }>>();
  return async (db: Kysely<any>, key: string, args: readonly unknown[], build: (arg: (i: number) => never) => Compilable<Row> | RawBuilder<Row>): Promise<Row[]> => {
    let shapes = byDb.get(db);
    if (!shapes) byDb.set(db, (shapes = new Map()));
    let query = shapes.get(key);
    if (!query) {
      const standIn = (i: number) => `\u0000arg${i}\u0000`;
      const built = build((i) => standIn(i) as never);
      const { sql, parameters } = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      const slots = parameters.map((p) => (typeof p === 'string' && p.startsWith('\u0000arg') ? Number(p.slice(4, -1)) : null));
      if (slots.some((s) => s !== null && (s < 0 || s >= args.length))) throw new Error('shapedQueries: a stand-in past the values given');
      query = { sql, parameters, slots };
      if (shapes.size >= maxShapes) shapes.delete(shapes.keys().next().value!);
      shapes.set(key, query);
    }
    const parameters = query.parameters.map((p, j) => (query.slots[j] === null ? p : args[query.slots[j]!]));
    return (await db.executeQuery<Row>(CompiledQuery.raw(query.sql, parameters))).rows;
  };
}
