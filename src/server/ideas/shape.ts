/** Shaping idea rows for the API, with the locked analysis rule in one place (docs/architecture.md §4). */
import type { Kysely } from 'kysely';
import { dbTimeToIso, fromDbTime } from '../../../db/time.ts';
import type { Database, IdeaRow, UserRow } from '../../../db/types.ts';
import { authorAvatar, authorName } from '../../shared/idea-display.ts';
import { NEW_IDEA_DAYS } from '../../shared/idea-rules.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { seesEveryStage } from './visibility.ts';
import { uploadedImageNames } from './rich-text.ts';
import type { ShownIdea } from '../contract/sharing.ts';
import type { ViewerFacts } from './viewer-facts.ts';

type Author = Pick<UserRow, 'id' | 'registration_number' | 'nickname' | 'avatar_url' | 'status'>;

/** An upload as a card shows it: its address and its size in pixels (the card keeps its shape). */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

export interface IdeaExtras {
  tags: Map<number, string[]>;
  /** Per idea: upload file name → the image. */
  images: Map<number, Map<string, UploadedImage>>;
  expansions: Map<number, { id: number; content: string; createdAt: string }[]>;
  authors: Map<number, Author>;
  unlocked: Set<number>;
}

/** Loads tags, images, expansions, authors and unlocks for a page of ideas in five queries. */
export async function loadExtras(db: Kysely<Database>, rows: IdeaRow[], viewer: UserRow | null): Promise<IdeaExtras> {
  const ids = rows.map((r) => r.id);
  const extras: IdeaExtras = { tags: new Map(), images: new Map(), expansions: new Map(), authors: new Map(), unlocked: new Set() };
  if (!ids.length) return extras;
  const [tags, images, expansions, authors, unlocked] = await Promise.all([
    db.selectFrom('idea_tags').select(['idea_id', 'tag']).where('idea_id', 'in', ids).orderBy('idea_id').orderBy('position').execute(),
    db.selectFrom('idea_images').select(['idea_id', 'file_name', 'url', 'width', 'height']).where('idea_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('idea_expansions').select(['id', 'idea_id', 'content', 'created_at']).where('idea_id', 'in', ids).orderBy('idea_id').orderBy('position').execute(),
    db
      .selectFrom('users')
      .select(['id', 'registration_number', 'nickname', 'avatar_url', 'status'])
      .where('id', 'in', [...new Set(rows.map((r) => r.user_id))])
      .execute(),
    viewer ? db.selectFrom('idea_purchases').select('idea_id').where('user_id', '=', viewer.id).where('idea_id', 'in', ids).execute() : Promise.resolve([]),
  ]);
  for (const t of tags) extras.tags.set(t.idea_id, [...(extras.tags.get(t.idea_id) ?? []), t.tag]);
  for (const i of images) extras.images.set(i.idea_id, (extras.images.get(i.idea_id) ?? new Map()).set(i.file_name, { url: i.url, width: i.width, height: i.height }));
  for (const e of expansions) extras.expansions.set(e.idea_id, [...(extras.expansions.get(e.idea_id) ?? []), { id: e.id, content: e.content, createdAt: dbTimeToIso(e.created_at)! }]);
  for (const a of authors) extras.authors.set(a.id, a);
  for (const u of unlocked) extras.unlocked.add(u.idea_id);
  return extras;
}

/** Whether a viewer may read an idea's detailed analysis: its author, an admin, or who unlocked it. */
export function canReadAnalysis(row: Pick<IdeaRow, 'user_id'>, viewer: UserRow | null, unlocked: boolean): boolean {
  return seesEveryStage(viewer, row) || (!!viewer && unlocked);
}

/**
 * How a viewer's view of these public ideas relates to a guest's (contract/sharing.ts, `'ideas'`):
 * `toIdeaDto` below shapes an idea the same for every viewer who may not read its analysis and is not
 * its author (`isLocked`, `images`, `isOwner`, `rejectionReason`, `expansions` are the only fields that
 * look at the viewer), and an idea's page carries its comments, where a held comment is its writer's
 * alone (comments/repository.ts). So it is `'own'` (computed for them) for an admin (reads every
 * analysis), who unlocked one of them, and who has a held comment on one; `'author'` for the author of
 * one or more of them and nothing else (the guests' answer with their ideas' own fields laid over it,
 * fast-lane/author-overlay.ts); otherwise `'same'`.
 */
export function viewerRelation(viewer: UserRow, shown: readonly ShownIdea[], facts: ViewerFacts): 'same' | 'author' | 'own' {
  if (viewer.role === 'admin') return 'own';
  let relation: 'same' | 'author' = 'same';
  for (const idea of shown) {
    if (facts.unlocked.has(idea.id) || facts.heldOn.has(idea.id)) return 'own';
    if (idea.authorId === viewer.id) relation = 'author';
  }
  return relation;
}

/** The ideas an answer's data shows (an idea, or a list of cards), for the sharing rule above. */
export function shownIdeas(data: unknown): ShownIdea[] {
  const list = Array.isArray(data) ? data : [data];
  return list.map((idea: { id: number; authorId: number }) => ({ id: idea.id, authorId: idea.authorId }));
}

/** The columns of an idea's row that `toIdeaDto` reads (a card's row has them; its analysis comes beside it). */
export type IdeaDtoRow = Pick<
  IdeaRow,
  | 'id'
  | 'user_id'
  | 'title'
  | 'description'
  | 'price'
  | 'status'
  | 'moderation_status'
  | 'rejection_reason'
  | 'is_deleted'
  | 'deleted_at'
  | 'created_at'
  | 'updated_at'
  | 'published_at'
  | 'allow_comments'
  | 'show_similar'
  | 'market_identifier'
  | 'favorite_count'
  | 'view_count'
  | 'comment_count'
>;

/**
 * An idea as the API shows it to `viewer`. `analysis` is the stored detailed analysis: an idea page's
 * row carries it; a card's row does not, and is not copied to add it (the database
 * drivers hand rows with many columns over as dictionary-mode objects, and spreading one allocated a
 * 2.7 KB dictionary that outlived the young generation — a search page of 20 cards promoted 55 KB,
 * and the collector's pauses made the slowest searches).
 */
export function toIdeaDto(row: IdeaDtoRow & Partial<Pick<IdeaRow, 'detailed_analysis'>>, extras: IdeaExtras, viewer: UserRow | null, analysis = row.detailed_analysis ?? ''): IdeaDto {
  const author = extras.authors.get(row.user_id);
  const isOwner = !!viewer && viewer.id === row.user_id;
  const readable = canReadAnalysis(row, viewer, extras.unlocked.has(row.id));
  // Images are what the stored (reviewed) analysis shows, in its order: an upload not saved into
  // the text yet, or removed from it, never becomes a public cover.
  const uploads = extras.images.get(row.id);
  const shown = uploads ? uploadedImageNames(analysis).flatMap((name) => (uploads.has(name) ? [uploads.get(name)!] : [])) : [];
  // The first image is the card's public cover; the others belong to the analysis and share its lock.
  const images = (readable ? shown : shown.slice(0, 1)).map((image) => image.url);
  const cover = shown[0];
  const presented = { userId: row.user_id, nickname: author?.nickname, registrationNumber: author?.registration_number, avatarUrl: author?.avatar_url, deactivated: author?.status === 'deactivated' };
  const dto: IdeaDto = {
    id: row.id,
    title: row.title,
    description: row.description,
    isLocked: !readable,
    tags: extras.tags.get(row.id) ?? [],
    price: row.price,
    status: row.status,
    moderationStatus: row.moderation_status,
    isDeleted: !!row.is_deleted,
    deletedAt: dbTimeToIso(row.deleted_at),
    createdAt: dbTimeToIso(row.created_at)!,
    updatedAt: dbTimeToIso(row.updated_at)!,
    publishedAt: dbTimeToIso(row.published_at),
    allowComments: !!row.allow_comments,
    showSimilar: !!row.show_similar,
    marketIdentifier: row.market_identifier,
    favoriteCount: row.favorite_count,
    viewCount: row.view_count,
    commentCount: row.comment_count,
    authorId: row.user_id,
    authorRegistrationNumber: author?.registration_number ?? '',
    authorName: authorName(presented),
    authorAvatar: authorAvatar(presented),
    image: images[0] ?? null,
    imageWidth: cover?.width ?? null,
    imageHeight: cover?.height ?? null,
    images,
    isNew: Date.now() - fromDbTime(row.published_at ?? row.created_at).getTime() < NEW_IDEA_DAYS * 24 * 3600 * 1000,
    isOwner,
  };
  if (readable) {
    dto.detailedAnalysis = analysis;
  }
  if (isOwner) {
    dto.expansions = extras.expansions.get(row.id) ?? [];
    dto.rejectionReason = row.rejection_reason;
  }
  return dto;
}

/**
 * The author's own view of some of their public ideas (the fast lane lays it over the guests' answer,
 * fast-lane/author-overlay.ts): the same rows and extras `toIdeaDto` shapes for them, by the same rule.
 */
export async function ownerViews(db: Kysely<Database>, owner: UserRow, ids: readonly number[]): Promise<Map<number, IdeaDto>> {
  const rows = ids.length
    ? await db
        .selectFrom('ideas')
        .selectAll()
        .where('id', 'in', [...ids])
        .where('user_id', '=', owner.id)
        .execute()
    : [];
  const extras = await loadExtras(db, rows, owner);
  return new Map(rows.map((r) => [r.id, toIdeaDto(r, extras, owner)]));
}

export async function toIdeaDtos(db: Kysely<Database>, rows: IdeaRow[], viewer: UserRow | null): Promise<IdeaDto[]> {
  const extras = await loadExtras(db, rows, viewer);
  return rows.map((r) => toIdeaDto(r, extras, viewer));
}
