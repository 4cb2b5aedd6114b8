/**
 * How members share what guests see. A member's marketplace, search and user pages carry
 * the cards a guest sees; an idea's page and its comments are the same for every reader but a few.
 * So a cached public read may say how a member's answer relates to the guests' (`cache.members`),
 * and the fast lane serves members the guests' bytes after the session check, computing a member's
 * own answer only where it differs:
 *
 * - `'same'`: once the guests' answer exists, it is every member's answer too (a public comment list,
 *   a public profile, the guests' own list). Where the guests' answer is a failure (a hidden idea's
 *   comments: 404), the member's own is computed: they may be its author, or an admin.
 * - `'ideas'`: idea cards, or an idea's page. A member's answer differs from the guests' only where
 *   they wrote one of the ideas shown, unlocked one, have a comment held for a moderator on one (an
 *   idea's page carries its comments), or are an admin (`viewerRelation`, ideas/shape.ts, next to
 *   the rule that shapes the idea). An author gets the guests' bytes with their own ideas' few
 *   fields written over them (fast-lane/author-overlay.ts); for the others their own answer is
 *   computed; everyone else gets the guests' bytes.
 * - `'comments'`: an idea's comments (`cache.about` names the idea). The same for every reader but
 *   the writer of a comment held there, who alone sees it (comments/repository.ts), and an admin.
 *
 * The members' unlocks and held comments are remembered per process for CACHE_TTL_MS
 * (ideas/viewer-facts.ts; forgotten in every process at once with REDIS_URL), so the check costs no
 * query per request.
 *
 * What stays personal and is not on a shared page — favourite, follow, unlock and ownership state,
 * one's likes on comments — comes from the members' small hot reads (`ideas.viewer`,
 * `favorites.check`, `follows.check`, `comments.interactions`).
 */
export type MemberSharing = 'same' | 'ideas' | 'comments';

/** An idea a shared answer shows, with its author: what the `'ideas'` rule needs to know of it. */
export interface ShownIdea {
  id: number;
  authorId: number;
}
