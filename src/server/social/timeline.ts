/**
 * A member's timeline (docs/product-rules.md "Following"): the public ideas of everyone they follow,
 * newest first, in keyset pages. One statement a page: the followed members as a subquery on the
 * follows key, their public ideas through the visibility rule (so a deactivated author's ideas,
 * and anything in review, rejected or deleted, never show).
 */
import type { UserRow } from '../../../db/types.ts';
import type { Deps } from '../deps.ts';
import { newestPage, type Page } from '../ideas/keyset.ts';
import { publicIdeas } from '../ideas/visibility.ts';

/** The timeline's cursors are its own: a marketplace cursor pages another list (400). */
const TIMELINE_CURSOR = 'tl';

export async function followTimeline(deps: Deps, user: UserRow, limit: number, cursor?: string): Promise<Page> {
  const followed = deps.db.selectFrom('follows').select('follows.followee_id').where('follows.follower_id', '=', user.id);
  return newestPage(deps.db, user, publicIdeas(deps.db).where('ideas.user_id', 'in', followed), limit, cursor, TIMELINE_CURSOR);
}
