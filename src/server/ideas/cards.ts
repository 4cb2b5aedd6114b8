/**
 * Lean cards for public lists (the marketplace sorts, search, `/api/ideas/all`, a user's public
 * ideas; docs/spec/publishing-and-browsing.md §2/§9, docs/architecture.md §5). A list page is one query for the rows and their authors
 * (explicit columns, the author joined) plus one batched query for the tags, the image uploads
 * (with the analysis of only those ideas that have images: it orders the cover) and, for a member,
 * which of them they unlocked. The card is `toIdeaDto`'s shape without the parts a card never shows:
 * the detailed analysis and the expansions (the detail call carries them).
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, Db, IdeaRow, UserRow } from '../../../db/types.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { toIdeaDto, type IdeaDtoRow, type IdeaExtras } from './shape.ts';

/** The `ideas` columns a card (and the lists' cursors) read: all but the analysis and the duplicate-check text. */
const CARD_COLUMNS = [
  'ideas.id',
  'ideas.user_id',
  'ideas.title',
  'ideas.description',
  'ideas.price',
  'ideas.status',
  'ideas.moderation_status',
  'ideas.rejection_reason',
  'ideas.is_deleted',
  'ideas.deleted_at',
  'ideas.created_at',
  'ideas.updated_at',
  'ideas.published_at',
  'ideas.allow_comments',
  'ideas.show_similar',
  'ideas.market_identifier',
  'ideas.favorite_count',
  'ideas.view_count',
  'ideas.comment_count',
  'ideas.shuffle_key',
] as const;

export type CardRow = IdeaDtoRow &
  Pick<IdeaRow, 'shuffle_key'> & {
    author_registration_number: string | null;
    author_nickname: string | null;
    author_avatar_url: string | null;
    author_status: UserRow['status'] | null;
  };

/**
 * Narrows a query on `ideas` (from `publicIdeas`, so the visibility rule stays where it is) to the
 * card columns with the author joined by primary key.
 */
export function selectCards<O>(q: SelectQueryBuilder<Database, 'ideas', O>) {
  return q
    .clearSelect()
    .leftJoin('users as author', 'author.id', 'ideas.user_id')
    .select(CARD_COLUMNS)
    .select(['author.registration_number as author_registration_number', 'author.nickname as author_nickname', 'author.avatar_url as author_avatar_url', 'author.status as author_status']);
}

interface SideRow {
  idea_id: number | string;
  k: number | string;
  n: number | string;
  a: string | null;
  b: string | null;
  /** An upload's size (0 on the other kinds of row). */
  w: number | string;
  h: number | string;
}

export interface CardExtras {
  extras: IdeaExtras;
  /** The analysis of the ideas that have uploads (it decides their cover). */
  analysis: Map<number, string>;
}

/** Tags, image uploads (plus the analysis of the ideas that have any) and the viewer's unlocks, in one query. */
export async function loadCardExtras(db: Db, ids: number[], viewer: UserRow | null): Promise<CardExtras> {
  const extras: IdeaExtras = { tags: new Map(), images: new Map(), expansions: new Map(), authors: new Map(), unlocked: new Set() };
  const analysis = new Map<number, string>();
  if (!ids.length) return { extras, analysis };
  const list = sql.join(ids);
  const parts = [
    sql`select idea_id, 0 as k, position as n, tag as a, null as b, 0 as w, 0 as h from idea_tags where idea_id in (${list})`,
    sql`select idea_id, 1 as k, id as n, file_name as a, url as b, width as w, height as h from idea_images where idea_id in (${list})`,
    // From the page's uploads to their ideas: MariaDB materialised a whole-table semi-join for EXISTS here.
    sql`select ideas.id as idea_id, 2 as k, 0 as n, ideas.detailed_analysis as a, null as b, 0 as w, 0 as h from (select distinct idea_id from idea_images where idea_id in (${list})) as shown join ideas on ideas.id = shown.idea_id`,
  ];
  if (viewer) parts.push(sql`select idea_id, 3 as k, 0 as n, null as a, null as b, 0 as w, 0 as h from idea_purchases where user_id = ${viewer.id} and idea_id in (${list})`);
  // Ordered here, not in SQL: an ORDER BY over the union cost MariaDB a temporary table (0.65 ms of 0.95).
  const rows = (await sql<SideRow>`${sql.join(parts, sql` union all `)}`.execute(db)).rows;
  rows.sort((x, y) => Number(x.k) - Number(y.k) || Number(x.idea_id) - Number(y.idea_id) || Number(x.n) - Number(y.n));
  for (const r of rows) {
    const id = Number(r.idea_id);
    const k = Number(r.k);
    if (k === 0) extras.tags.set(id, [...(extras.tags.get(id) ?? []), r.a!]);
    else if (k === 1) extras.images.set(id, (extras.images.get(id) ?? new Map()).set(r.a!, { url: r.b!, width: Number(r.w), height: Number(r.h) }));
    else if (k === 2) analysis.set(id, r.a!);
    else extras.unlocked.add(id);
  }
  return { extras, analysis };
}

/** The cards of a page of rows from `selectCards`, in their order. */
export async function toCards(db: Db, rows: CardRow[], viewer: UserRow | null): Promise<IdeaDto[]> {
  return cardsFrom(
    rows,
    await loadCardExtras(
      db,
      rows.map((r) => r.id),
      viewer,
    ),
    viewer,
  );
}

/** Cards from rows and extras already loaded (search loads them for its candidates, to check tags). */
export function cardsFrom(rows: CardRow[], { extras, analysis }: CardExtras, viewer: UserRow | null): IdeaDto[] {
  return rows.map((r) => {
    if (r.author_registration_number !== null) {
      extras.authors.set(r.user_id, { id: r.user_id, registration_number: r.author_registration_number, nickname: r.author_nickname!, avatar_url: r.author_avatar_url!, status: r.author_status! });
    }
    // toIdeaDto reads the analysis only to order the cover among the uploads; an idea without
    // uploads has no cover whatever its analysis says.
    const dto = toIdeaDto(r, extras, viewer, analysis.get(r.id) ?? '');
    delete dto.detailedAnalysis;
    delete dto.expansions;
    return dto;
  });
}
