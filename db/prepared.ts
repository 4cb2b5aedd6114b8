/**
 * A query built and compiled once, then run with new values. Kysely builds and compiles a query on
 * every call: 16–22 µs for a lookup through the visibility rule, more than running it (about 7 µs on
 * SQLite). A members' hot read (DESIGN §1) pays that per request; this pays it once per database.
 *
 * `build` receives stand-in values (numbers for numbers, strings for strings) and must use each
 * exactly once as a parameter; the compiled SQL is reused with the real values put in their places.
 * Only ids and plain strings vary: the query's shape, and every other value in it, is fixed when it
 * is first built.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

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
    return (await db.executeQuery<Row>(CompiledQuery.raw(query.sql, parameters))).rows;
  };
}
