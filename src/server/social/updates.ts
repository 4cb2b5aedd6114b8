/**
 * Follow updates (docs/spec/publishing-and-browsing.md §2/§3/§7, docs/architecture.md §10): followed members with ideas made public in the
 * last 7 days (the data layer's "new" window), and one member's recent ideas. Public ideas only,
 * through the visibility rule.
 */
import type { z } from 'zod';
import { dbTimeAgo, dbTimeToIso } from '../../../db/time.ts';
import type { UserRow } from '../../../db/types.ts';
import { authorAvatar, authorName } from '../../shared/idea-display.ts';
import { NEW_IDEA_DAYS } from '../../shared/idea-rules.ts';
import type { Deps } from '../deps.ts';
import { publicIdeas } from '../ideas/visibility.ts';
import { followedAccounts, requireActiveUser } from './follows.ts';
import type { ZFollowUpdate, ZRecentIdea } from '../../shared/outputs/social.ts';

const RECENT_MS = NEW_IDEA_DAYS * 24 * 3600 * 1000;
const RECENT_IDEAS_MAX = 50;

export type FollowUpdateItem = z.infer<typeof ZFollowUpdate>;

export type RecentIdea = z.infer<typeof ZRecentIdea>;

/**
 * Followed members with recent public ideas, the latest publication first. Two queries driven from
 * the member's follows: whom they follow (the follows key), then those members' recent public ideas
 * grouped per author (`user_id in (…)` on `ideas_author_public_idx`), never a scan of the site's week.
 */
export async function followUpdates(deps: Deps, user: UserRow): Promise<FollowUpdateItem[]> {
  const followed = await followedAccounts(deps.db, user.id);
  if (!followed.length) return [];
  const recent = await publicIdeas(deps.db)
    .clearSelect()
    .select((eb) => ['ideas.user_id', eb.fn.countAll<number>().as('n'), eb.fn.max('ideas.published_at').as('latest')])
    .where(
      'ideas.user_id',
      'in',
      followed.map((f) => f.id),
    )
    .where('ideas.published_at', '>=', dbTimeAgo(RECENT_MS))
    .groupBy('ideas.user_id')
    .execute();
  const authors = new Map(followed.map((f) => [f.id, f]));
  return recent
    .sort((x, y) => String(y.latest).localeCompare(String(x.latest)) || x.user_id - y.user_id)
    .map((r) => {
      const a = authors.get(r.user_id)!;
      const person = { userId: a.id, registrationNumber: a.registration_number, nickname: a.nickname, avatarUrl: a.avatar_url };
      return {
        registrationNumber: a.registration_number,
        nickname: authorName(person),
        avatarUrl: authorAvatar(person),
        recentIdeasCount: Number(r.n),
        latestIdeaTime: dbTimeToIso(r.latest as string)!,
      };
    });
}

/** The server's own count for scripts: followed members with recent ideas. */
export async function followUpdatesCount(deps: Deps, user: UserRow): Promise<number> {
  return (await followUpdates(deps, user)).length;
}

/** One member's public ideas of the last 7 days, newest first. */
export async function recentIdeasOf(deps: Deps, ref: string): Promise<RecentIdea[]> {
  const author = await requireActiveUser(deps, ref);
  const rows = await publicIdeas(deps.db)
    .where('ideas.user_id', '=', author.id)
    .where('ideas.published_at', '>=', dbTimeAgo(RECENT_MS))
    .orderBy('ideas.published_at', 'desc')
    .orderBy('ideas.id', 'desc')
    .limit(RECENT_IDEAS_MAX)
    .execute();
  const tags = rows.length
    ? await deps.db
        .selectFrom('idea_tags')
        .select(['idea_id', 'tag'])
        .where(
          'idea_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('idea_id')
        .orderBy('position')
        .execute()
    : [];
  const person = { userId: author.id, registrationNumber: author.registration_number, nickname: author.nickname, avatarUrl: author.avatar_url };
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    tags: tags.filter((t) => t.idea_id === r.id).map((t) => t.tag),
    price: r.price,
    createdAt: dbTimeToIso(r.created_at)!,
    publishedAt: dbTimeToIso(r.published_at)!,
    viewCount: r.view_count,
    favoriteCount: r.favorite_count,
    nickname: authorName(person),
    avatarUrl: authorAvatar(person),
  }));
}
