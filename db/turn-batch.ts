/**
 * The hot reads of one kind asked in one turn of the event loop, answered by one statement. Each
 * request is its own callback of the poll phase, so a turn that answers many members' unread counts
 * would run one statement per member: a round trip each on MySQL/MariaDB. Here each kind keeps a
 * `dataloader` per database that gathers the keys asked during the turn and runs its batch in the
 * turn's check phase (setImmediate, as turn-reads.ts ends its snapshot), with nothing remembered
 * across turns (`cache: false`). The statement selects the member (and target) of every row, and each
 * caller gets only what its own key picks out of them.
 */
import DataLoader from 'dataloader';
import type { Kysely } from 'kysely';

/** Keys answered by one statement at most; more in one turn make more statements. */
const MAX_BATCH = 128;

const endOfTurn = (run: () => void) => void setImmediate(run);

/**
 * A read answered per key, batched per turn and database: `load` gets the turn's keys (at most
 * MAX_BATCH) and answers one value per key, in their order (an Error for a key fails that caller only).
 */
export function turnBatched<Key, Value>(load: (db: Kysely<any>, keys: readonly Key[]) => Promise<(Value | Error)[]>): (db: Kysely<any>, key: Key) => Promise<Value> {
  const loaders = new WeakMap<Kysely<any>, DataLoader<Key, Value>>();
  return (db, key) => {
    let loader = loaders.get(db);
    if (!loader) loaders.set(db, (loader = new DataLoader<Key, Value>((keys) => load(db, keys), { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: endOfTurn })));
    return loader.load(key);
  };
}

/**
 * The distinct values, padded to a power of two by repeating the last: an `in (…)` list then takes one
 * of a few lengths, so a database keeps a few statement texts prepared, not one per count.
 */
export function paddedList<T>(values: Iterable<T>): T[] {
  const list = [...new Set(values)];
  if (!list.length) return list;
  let size = 1;
  while (size < list.length) size *= 2;
  while (list.length < size) list.push(list[list.length - 1]);
  return list;
}

/** `?, ?, ?` for a list. */
export const placeholders = (list: readonly unknown[]) => list.map(() => '?').join(', ');
