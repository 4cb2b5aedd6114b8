/**
 * An idea written straight into a given stage (approved, in review, rejected, draft, deleted) with
 * the columns the publish path would have stored: for the demo seed, the benchmark and test fixtures.
 */
import type { Kysely } from 'kysely';
import { dbTimeAgo, nowDb } from '../../../db/time.ts';
import type { Database } from '../../../db/types.ts';
import type { IdeaStage } from '../../shared/idea-display.ts';
import { DEFAULT_MARKET_IDENTIFIER, IDEA_PRICE, type MarketIdentifier } from '../../shared/idea-rules.ts';
import { contentHash, matchText } from './publish-checks.ts';
import { insertIdea } from './visibility.ts';
import { htmlToText } from './rich-text.ts';

export interface StagedIdea {
  userId: number;
  title: string;
  description?: string;
  /** Sanitized HTML. */
  analysis?: string;
  tags?: string[];
  stage?: IdeaStage;
  /** Created (and published) this long ago. */
  ageMs?: number;
  market?: MarketIdentifier;
  favorites?: number;
  views?: number;
  rejectionReason?: string;
  /** For a deleted idea: how long ago it went to the recycle bin. */
  deletedAgoMs?: number;
}

export async function insertStagedIdea(db: Kysely<Database>, idea: StagedIdea): Promise<number> {
  const stage = idea.stage ?? 'public';
  const at = idea.ageMs ? dbTimeAgo(idea.ageMs) : nowDb();
  const description = idea.description ?? '';
  const analysis = idea.analysis ?? '';
  const published = stage !== 'draft';
  const text = htmlToText(analysis);
  return insertIdea(
    db,
    {
      user_id: idea.userId,
      title: idea.title,
      description,
      detailed_analysis: analysis,
      market_identifier: idea.market ?? DEFAULT_MARKET_IDENTIFIER,
      price: IDEA_PRICE,
      status: published ? 'published' : 'draft',
      moderation_status: stage === 'draft' ? 'none' : stage === 'review' ? 'review' : stage === 'rejected' ? 'rejected' : 'approved',
      ever_public: stage === 'public' || stage === 'deleted' ? 1 : 0,
      rejection_reason: stage === 'rejected' ? (idea.rejectionReason ?? '不符合社区规范') : null,
      allow_comments: 1,
      show_similar: 1,
      view_count: idea.views ?? 0,
      favorite_count: idea.favorites ?? 0,
      comment_count: 0,
      is_deleted: stage === 'deleted' ? 1 : 0,
      deleted_at: stage === 'deleted' ? dbTimeAgo(idea.deletedAgoMs ?? 0) : null,
      content_hash: published ? contentHash(idea.title, description, text) : null,
      match_text: published ? matchText(idea.title, description, text) : null,
      created_at: at,
      updated_at: at,
      published_at: published ? at : null,
      reviewed_at: stage === 'public' || stage === 'rejected' || stage === 'deleted' ? at : null,
    },
    idea.tags ?? [],
  );
}
