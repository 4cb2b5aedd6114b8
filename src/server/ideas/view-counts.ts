/**
 * View counts (docs/spec/accounts-and-people.md §2, docs/spec/publishing-and-browsing.md §7): a view counts once per viewer, idea and community day.
 * The viewer is the member, or for a guest a keyed hash of the address (never stored in the clear). The
 * author's own visits do not count. `idea_views` holds the last two days only (housekeeping).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { forUpdate } from '../../../db/portable.ts';
import type { Db, UserRow } from '../../../db/types.ts';
import { transaction } from '../../../db/transaction.ts';
import { communityDay } from '../../shared/constants.ts';
import { IDEA_MSG } from '../../shared/idea-rules.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../kernel/errors.ts';
import { findActionableIdea, findVisibleIdea } from './visibility.ts';

/**
 * The installation's key for guests' addresses: a plain hash of an IPv4 address is undone by trying
 * all 2^32 of them, a keyed one is not. Created once in the database, so every process shares it.
 */
const viewKeys = new WeakMap<object, Promise<string>>();
function viewKey(db: Db): Promise<string> {
  let key = viewKeys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insertInto('app_secrets')
        .orIgnore()
        .values({ name: 'view_key', value: randomBytes(32).toString('base64url') })
        .execute();
      return (await db.selectFrom('app_secrets').select('value').where('name', '=', 'view_key').executeTakeFirstOrThrow()).value;
    })();
    key.catch(() => viewKeys.delete(db));
    viewKeys.set(db, key);
  }
  return key;
}

export async function viewerKey(db: Db, viewer: UserRow | null, ip: string): Promise<string> {
  if (viewer) return `u:${viewer.id}`;
  return `ip:${createHmac('sha256', await viewKey(db))
    .update(ip)
    .digest('base64url')
    .slice(0, 32)}`;
}

/** Records a view; `counted` says whether this one added to the count. */
export async function recordView(deps: Deps, viewer: UserRow | null, ip: string, ideaId: number, at = new Date()): Promise<{ viewCount: number; counted: boolean }> {
  const idea = await findActionableIdea(deps.db, ideaId, viewer);
  if (!idea) throw notFound(IDEA_MSG.notFound);
  if (viewer?.id === idea.user_id) return { viewCount: idea.view_count, counted: false };
  // Before the transaction: on SQLite the key's first read would wait for the transaction's connection.
  const key = await viewerKey(deps.db, viewer, ip);
  return transaction(deps.db, async (trx) => {
    // The idea's row first: the view row's foreign-key check takes a shared lock on it, and two
    // views upgrading that lock to update the count would deadlock on MySQL.
    await forUpdate(trx, trx.selectFrom('ideas').select('id').where('id', '=', ideaId)).execute();
    const inserted = await trx
      .insertInto('idea_views')
      .orIgnore()
      .values({ idea_id: ideaId, viewer: key, day: communityDay(at) })
      .executeTakeFirst();
    const counted = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    if (counted)
      await trx
        .updateTable('ideas')
        .set({ view_count: sql`view_count + 1` })
        .where('id', '=', ideaId)
        .execute();
    const row = await trx.selectFrom('ideas').select('view_count').where('id', '=', ideaId).executeTakeFirstOrThrow();
    return { viewCount: row.view_count, counted };
  });
}

export async function viewCount(deps: Deps, viewer: UserRow | null, ideaId: number): Promise<{ viewCount: number }> {
  const idea = await findVisibleIdea(deps.db, ideaId, viewer);
  if (!idea) throw notFound(IDEA_MSG.notFound);
  return { viewCount: idea.view_count };
}

/** Drops view records older than yesterday (community days): they can no longer stop a repeat. */
export async function purgeOldViews(db: Db, at = new Date()): Promise<void> {
  const yesterday = communityDay(new Date(at.getTime() - 24 * 3600 * 1000));
  await db.deleteFrom('idea_views').where('day', '<', yesterday).execute();
}
