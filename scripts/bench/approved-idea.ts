/** A public (published, approved) idea row written straight into `ideas` by the benchmarks' bulk seeding. */
import type { Insertable } from 'kysely';
import type { IdeaTable } from '../../db/types.ts';
import { newShuffleKey } from '../../src/server/ideas/visibility.ts';

export interface ApprovedIdea {
  userId: number;
  title: string;
  description: string;
  /** Sanitized HTML. */
  analysis: string;
  /** Created, published and reviewed at (database time). */
  at: string;
  views: number;
  favorites: number;
}

export function approvedIdeaRow(idea: ApprovedIdea): Insertable<IdeaTable> {
  return {
    user_id: idea.userId,
    title: idea.title,
    description: idea.description,
    detailed_analysis: idea.analysis,
    market_identifier: 'market_exists',
    price: 0,
    status: 'published',
    moderation_status: 'approved',
    rejection_reason: null,
    allow_comments: 1,
    show_similar: 1,
    view_count: idea.views,
    favorite_count: idea.favorites,
    comment_count: 0,
    is_deleted: 0,
    deleted_at: null,
    content_hash: null,
    match_text: null,
    created_at: idea.at,
    updated_at: idea.at,
    published_at: idea.at,
    reviewed_at: idea.at,
    shuffle_key: newShuffleKey(),
  };
}
