/**
 * What is personal on an idea's page: whether the member favourites it, follows its
 * author, unlocked it or wrote it, and their likes and dislikes on its comments. The page's public
 * body and its comment list are shared by everyone (the fast lane's cache); this is the one small
 * member read beside them: the reads of one turn are one statement (db/turn-batch.ts).
 */
import { runRead } from '../../../db/prepared.ts';
import { paddedList, placeholders, turnBatched } from '../../../db/turn-batch.ts';
import type { CommentReactionKind, UserRow } from '../../../db/types.ts';
import { IDEA_MSG } from '../../shared/idea-rules.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../kernel/errors.ts';
import { publicIdeaSql } from './visibility.ts';

export interface ViewerState {
  isFavorite: boolean;
  isFollowing: boolean;
  isOwner: boolean;
  /** The member may read the detailed analysis: they unlocked it (or wrote it). */
  unlocked: boolean;
  /** Comment id → the member's mark on it, for this idea's comments they liked or disliked. */
  interactions: Record<string, CommentReactionKind>;
}

type ViewerRow = { k: number | string; idea: number | string; u: number | string; v: number | string; w: CommentReactionKind | null };
type ViewerKey = { viewer: UserRow; ideaId: number };

/**
 * The page states asked in one turn (db/turn-batch.ts), one statement: each idea's author and whether
 * it is public, and the favourites, unlocks, follows of its author and comment marks of those members
 * on those ideas, each row naming its member (`u`) and idea. Each caller takes its own.
 */
const PUBLIC = publicIdeaSql('i');
const pageStates = turnBatched<ViewerKey, ViewerState | Error>(async (db, keys) => {
  const ideas = paddedList(keys.map((k) => k.ideaId));
  const users = paddedList(keys.map((k) => k.viewer.id));
  const I = placeholders(ideas);
  const U = placeholders(users);
  const rows = await runRead<ViewerRow>(
    db,
    `select 0 as k, i.id as idea, case when ${PUBLIC} then 1 else 0 end as u, i.user_id as v, null as w from ideas i where i.id in (${I})
union all select 1, idea_id, user_id, 0, null from favorites where user_id in (${U}) and idea_id in (${I})
union all select 2, idea_id, user_id, 0, null from idea_purchases where user_id in (${U}) and idea_id in (${I})
union all select 3, i.id, f.follower_id, 0, null from follows f join ideas i on i.user_id = f.followee_id where f.follower_id in (${U}) and i.id in (${I}) and ${PUBLIC}
union all select 4, c.idea_id, r.user_id, r.comment_id, r.kind from comment_reactions r join comments c on c.id = r.comment_id where r.user_id in (${U}) and c.idea_id in (${I})`,
    [...ideas, ...users, ...ideas, ...users, ...ideas, ...users, ...ideas, ...users, ...ideas],
  );
  return keys.map(({ viewer, ideaId }) => stateOf(viewer, ideaId, rows));
});

/** One member's state on one idea, from the rows of the turn's statement: only rows of that idea and (but the idea's own) that member. */
function stateOf(viewer: UserRow, ideaId: number, rows: readonly ViewerRow[]): ViewerState | Error {
  const u = viewer.id;
  const state: ViewerState = { isFavorite: false, isFollowing: false, isOwner: false, unlocked: false, interactions: {} };
  let visible = false;
  for (const r of rows) {
    if (Number(r.idea) !== ideaId) continue;
    const k = Number(r.k);
    if (k === 0) {
      state.isOwner = Number(r.v) === u;
      // The idea row itself only when the member may see it: public, or theirs; an admin sees every stage.
      visible = Number(r.u) === 1 || state.isOwner || viewer.role === 'admin';
      continue;
    }
    if (Number(r.u) !== u) continue;
    if (k === 1) state.isFavorite = true;
    else if (k === 2) state.unlocked = true;
    else if (k === 3) state.isFollowing = true;
    else state.interactions[String(r.v)] = r.w!;
  }
  // A hidden idea is as missing as one that never was (no leak of what its author did).
  if (!visible) return notFound(IDEA_MSG.notFound);
  if (state.isOwner) state.unlocked = true;
  return state;
}

export async function viewerState(deps: Deps, viewer: UserRow, ideaId: number): Promise<ViewerState> {
  const state = await pageStates(deps.db, { viewer, ideaId });
  if (state instanceof Error) throw state;
  return state;
}
