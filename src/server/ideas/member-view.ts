/**
 * What is personal on an idea's page: whether the member favourites it, follows its
 * author, unlocked it or wrote it, and their likes and dislikes on its comments. The page's public
 * body and its comment list are shared by everyone (the fast lane's cache); this is the one small
 * member read beside them, one statement, its text fixed so the driver keeps it prepared.
 */
import { runRead } from '../../../db/prepared.ts';
import type { CommentReactionKind, UserRow } from '../../../db/types.ts';
import { IDEA_MSG } from '../../shared/idea-rules.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../kernel/errors.ts';

export interface ViewerState {
  isFavorite: boolean;
  isFollowing: boolean;
  isOwner: boolean;
  /** The member may read the detailed analysis: they unlocked it (or wrote it). */
  unlocked: boolean;
  /** Comment id → the member's mark on it, for this idea's comments they liked or disliked. */
  interactions: Record<string, CommentReactionKind>;
}

// The idea row itself only when the member may see it: public (the visibility rule of
// ideas/visibility.ts, written out), or theirs; an admin sees every stage.
const PUBLIC = `(i.status = 'published' and i.moderation_status = 'approved' and i.is_deleted = 0 and (select u.status from users u where u.id = i.user_id) = 'active')`;
const statement = (admin: boolean) => `select 0 as k, i.user_id as v, null as w from ideas i where i.id = ?${admin ? ' and ? > 0' : ` and (${PUBLIC} or i.user_id = ?)`}
union all select 1, 0, null from favorites where user_id = ? and idea_id = ?
union all select 2, 0, null from idea_purchases where user_id = ? and idea_id = ?
union all select 3, 0, null from follows f join ideas i on i.user_id = f.followee_id where f.follower_id = ? and i.id = ? and ${PUBLIC}
union all select 4, r.comment_id, r.kind from comment_reactions r join comments c on c.id = r.comment_id where r.user_id = ? and c.idea_id = ?`;
const MEMBER = statement(false);
const ADMIN = statement(true);

export async function viewerState(deps: Deps, viewer: UserRow, ideaId: number): Promise<ViewerState> {
  const u = viewer.id;
  const rows = await runRead<{ k: number | string; v: number | string; w: CommentReactionKind | null }>(deps.db, viewer.role === 'admin' ? ADMIN : MEMBER, [
    ideaId,
    u,
    u,
    ideaId,
    u,
    ideaId,
    u,
    ideaId,
    u,
    ideaId,
  ]);
  const state: ViewerState = { isFavorite: false, isFollowing: false, isOwner: false, unlocked: false, interactions: {} };
  let visible = false;
  for (const r of rows) {
    const k = Number(r.k);
    if (k === 0) {
      visible = true;
      state.isOwner = Number(r.v) === u;
    } else if (k === 1) state.isFavorite = true;
    else if (k === 2) state.unlocked = true;
    else if (k === 3) state.isFollowing = true;
    else state.interactions[String(r.v)] = r.w!;
  }
  // A hidden idea is as missing as one that never was (no leak of what its author did).
  if (!visible) throw notFound(IDEA_MSG.notFound);
  if (state.isOwner) state.unlocked = true;
  return state;
}
