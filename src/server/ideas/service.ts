/** Ideas' lifecycle: drafts, publishing with review, expansions, the recycle bin (docs/spec/publishing-and-browsing.md §2–§8); reads and unlocking are reads.ts. */
import { dbTimeAgo, fromDbTime, nowDb } from '../../../db/time.ts';
import type { Db, IdeaRow, UserRow } from '../../../db/types.ts';
import { transaction } from '../../../db/transaction.ts';
import { restoreExpired } from '../../shared/idea-display.ts';
import { DEFAULT_IDEA_TITLE, DEFAULT_MARKET_IDENTIFIER, IDEA_MSG, IDEA_PRICE, IMAGES_PER_IDEA, RECYCLE_BIN_DAYS } from '../../shared/idea-rules.ts';
import type { IdeaDto, TCreateIdeaRequest, TUpdateIdeaRequest } from '../../shared/idea-schemas.ts';
import { refuseIfMuted } from '../accounts/mutes.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, gone, notFound } from '../kernel/errors.ts';
import { removeStoredImages, settleIdeaImages, usableImageNames } from './images.ts';
import { screenTexts, type HeldWord } from '../moderation/words.ts';
import { assertNotDuplicate, claimText, contentHash, matchText, releasePublish, reservePublish, resemblesRejected, screenIdeaFields, standsPublished, unseenImages } from './publish-checks.ts';
import { countDrafts, findIdea, ideaTags, insertIdea, requireEditableIdea, requireOwnIdea, requireOwnLiveIdea, writeTags } from './visibility.ts';
import { writeSearchGrams } from '../search/search-index.ts';
import { htmlToText, sanitizeRichText, uploadedImageNames } from './rich-text.ts';
import { loadExtras, toIdeaDto } from './shape.ts';
import { sendMessage } from '../messages/send.ts';
import { decisionMessage, lastDecisionWasRejection } from './review.ts';

export const PUBLISH_ATTEMPTS_MESSAGE = '发布尝试过于频繁，请稍后再试';
export const DRAFTS_TOO_FREQUENT_MESSAGE = '保存草稿过于频繁，请稍后再试';
export const draftCapMessage = (cap: number) => `草稿最多保存${cap}篇，请先发布或删除一些草稿`;

interface CleanFields {
  title: string;
  description: string;
  detailedAnalysis: string;
  analysisText: string;
  marketIdentifier: string;
  tags: string[];
  allowComments: boolean;
  showSimilar: boolean;
}

/** The full set of fields an idea is saved with: what was sent, else `base` (stored values or defaults). */
interface FieldValues {
  title: string;
  description: string;
  detailedAnalysis: string;
  marketIdentifier: string;
  tags: string[];
  allowComments: boolean;
  showSimilar: boolean;
}

const NEW_IDEA_DEFAULTS: FieldValues = { title: '', description: '', detailedAnalysis: '', marketIdentifier: DEFAULT_MARKET_IDENTIFIER, tags: [], allowComments: true, showSimilar: true };

function clean(input: Partial<TIdeaFieldsInput>, base: FieldValues, allowedImages: ReadonlySet<string>): CleanFields {
  const detailedAnalysis = sanitizeRichText(input.detailedAnalysis ?? base.detailedAnalysis, allowedImages);
  if (uploadedImageNames(detailedAnalysis).length > IMAGES_PER_IDEA) throw badRequest(IDEA_MSG.tooManyImages);
  return {
    title: (input.title ?? base.title).trim(),
    description: (input.description ?? base.description).trim(),
    detailedAnalysis,
    analysisText: htmlToText(detailedAnalysis),
    marketIdentifier: input.marketIdentifier ?? base.marketIdentifier,
    tags: input.tags ?? base.tags,
    allowComments: input.allowComments ?? base.allowComments,
    showSimilar: input.showSimilar ?? base.showSimilar,
  };
}

type TIdeaFieldsInput = Omit<TUpdateIdeaRequest, 'status'>;

async function storedValues(db: Db, row: IdeaRow): Promise<FieldValues> {
  return {
    title: row.title === DEFAULT_IDEA_TITLE ? '' : row.title,
    description: row.description,
    detailedAnalysis: row.detailed_analysis,
    marketIdentifier: row.market_identifier,
    tags: await ideaTags(db, row.id),
    allowComments: !!row.allow_comments,
    showSimilar: !!row.show_similar,
  };
}

/** What a publish's checks decided: the words that hold it for a moderator, and its review state. */
interface PublishReview {
  held: HeldWord[];
  /** It took one of the member's publishes (publishCounts). */
  counted: boolean;
  /** An approval also marks the idea as once public (`ever_public`); a hold leaves that as it was. */
  review: Pick<IdeaRow, 'moderation_status' | 'reviewed_at'> & { ever_public?: 1 };
}

/**
 * The checks of docs/spec/publishing-and-browsing.md §8, in order; a failure throws 400, 403 or 409. Answers the fields to
 * store (watched words of the replace action as `**`) and the review they lead to. `approved` is the
 * idea as it stands public now, when it does (an edit of it).
 */
async function checkForPublish(deps: Deps, user: UserRow, ideaId: number | null, given: CleanFields, approved: IdeaRow | null = null): Promise<{ f: CleanFields } & PublishReview> {
  // Every attempt counts, so failing checks cannot be repeated without end (they scan recent ideas).
  await deps.limits.publishAttempts.consume(String(user.id), PUBLISH_ATTEMPTS_MESSAGE);
  if (!given.title) throw badRequest(IDEA_MSG.titleRequired);
  const { fields: f, held: heldInFields } = await screenIdeaFields(deps, given);
  const counted = publishCounts(approved);
  // A copy of an idea the author may not see is no 409 but a reason to hold it (publish-checks.ts).
  const copies = await assertNotDuplicate(deps, { ideaId, user, title: f.title, description: f.description, analysisText: f.analysisText }, counted);
  // Expansions are their author's alone (shape.ts): nothing in them holds the idea.
  const held = [...heldInFields, ...copies];
  if (deps.config.moderation === 'auto') held.push(...(await unseenImages(deps.db, ideaId, f.detailedAnalysis, approved?.detailed_analysis ?? null)));
  // Only automatic review can undo a person's rejection, so only then is it asked. An edit of an
  // approved idea is not compared with rejected texts: a near-copy of it someone else had rejected
  // would otherwise send each of its author's edits to the queue.
  const rejected = deps.config.moderation === 'auto' && ((ideaId !== null && (await lastDecisionWasRejection(deps.db, ideaId))) || (!approved && (await resemblesRejected(deps, { ideaId, ...f }))));
  // Last, once everything passed: the write that follows gives it back if it does not happen (spendingPublish).
  if (counted) await reservePublish(deps, user.id);
  return { f, held, counted, review: reviewState(deps, held, rejected) };
}

/**
 * Whether a save as published takes one of the member's publishes (RATE_PUBLISH_PER_10_MINUTES): a
 * new idea, a draft, a rejected idea sent again. Saving an edit of an idea public now (`approved`)
 * publishes nothing new, and an author fixing a typo lost a publish to it.
 */
const publishCounts = (approved: IdeaRow | null) => approved === null;

/** A publish's write, with the allowance checkForPublish reserved (`counted`): given back when the write fails. */
async function spendingPublish<T>(deps: Deps, user: UserRow, counted: boolean, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (counted) await releasePublish(deps, user.id);
    throw err;
  }
}

/** First in a publish's transaction: its text's turn, and no live copy of it written meanwhile (publish-checks.ts claimText). */
function claimPublishedText(trx: Db, user: UserRow, ideaId: number | null, columns: IdeaColumns, review: PublishReview['review']): Promise<void> {
  if (!columns.content_hash) throw new Error('claimPublishedText: only a published idea has a text to claim');
  return claimText(trx, user, ideaId, columns.content_hash, review.moderation_status === 'review');
}

/**
 * Approved at once in automatic mode, unless a watched word of the hold action, a picture no
 * moderator has seen or a copy of an idea its author may not see (publish-checks.ts) sends it to the queue,
 * or a moderator rejected this idea last, or another idea with (nearly) its text: a person's
 * rejection is lifted by a person, not by publishing it again, changed or not, or as a new idea.
 */
function reviewState(deps: Deps, held: readonly HeldWord[], rejectedLast: boolean): PublishReview['review'] {
  return deps.config.moderation === 'auto' && !held.length && !rejectedLast
    ? { moderation_status: 'approved', reviewed_at: nowDb(), ever_public: 1 }
    : { moderation_status: 'review', reviewed_at: null };
}

/** An idea's expansions through the word check (`block` refuses, `replace` rewrites; a `hold` word holds nothing: they are private). */
async function screenExpansions(deps: Deps, contents: readonly string[]): Promise<{ contents: string[] }> {
  if (!contents.length) return { contents: [] };
  const screened = await screenTexts(deps.words, Object.fromEntries(contents.map((c, i) => [`expansions[${i}]`, c])));
  return { contents: contents.map((_, i) => screened.texts[`expansions[${i}]`]) };
}

/** Which hold words sent the idea to the queue this time (none: the rows go). */
export async function writeHeldWords(db: Db, ideaId: number, held: readonly HeldWord[]): Promise<void> {
  await db.deleteFrom('idea_held_words').where('idea_id', '=', ideaId).execute();
  if (held.length)
    await db
      .insertInto('idea_held_words')
      .values(held.map((h) => ({ idea_id: ideaId, field: h.field, word: h.word })))
      .execute();
}

/**
 * In automatic mode the publish is the review decision: the author gets the approval message at once
 * (in manual mode, or when held, it comes with the admin's decision, review.ts). Only for an idea
 * never public before (`everPublic`: the row's `ever_public` before this save): an edit of a public
 * idea, or a draft made of one published again, was approved before and told then (each typo fix
 * sent the same approval again, and an outside review got it four times from three round trips
 * through a draft).
 */
async function tellIfApprovedAtOnce(db: Db, user: UserRow, id: number, title: string, review: PublishReview['review'], everPublic: number): Promise<void> {
  if (review.moderation_status !== 'approved' || everPublic) return;
  await sendMessage(db, decisionMessage({ id, user_id: user.id, title: title || DEFAULT_IDEA_TITLE }, 'approved', 'auto'));
}

type IdeaColumns = ReturnType<typeof columnsFor>;
function columnsFor(f: CleanFields, status: 'draft' | 'published') {
  return {
    title: f.title || DEFAULT_IDEA_TITLE,
    description: f.description,
    detailed_analysis: f.detailedAnalysis,
    market_identifier: f.marketIdentifier,
    price: IDEA_PRICE,
    status,
    allow_comments: f.allowComments ? 1 : 0,
    show_similar: f.showSimilar ? 1 : 0,
    content_hash: status === 'published' ? contentHash(f.title, f.description, f.analysisText) : null,
    match_text: status === 'published' ? matchText(f.title, f.description, f.analysisText) : null,
    rejection_reason: null,
  };
}

async function dtoFor(deps: Deps, id: number, viewer: UserRow): Promise<IdeaDto> {
  const row = (await findIdea(deps.db, id))!;
  return toIdeaDto(row, await loadExtras(deps.db, [row], viewer), viewer);
}

/** Drafts cost storage and are not reviewed: their creation is rate limited and their number capped. */
async function checkNewDraft(deps: Deps, user: UserRow): Promise<void> {
  await deps.limits.drafts.consume(String(user.id), DRAFTS_TOO_FREQUENT_MESSAGE);
  const cap = deps.config.maxDraftsPerUser;
  if (cap > 0 && (await countDrafts(deps.db, user.id)) >= cap) throw badRequest(draftCapMessage(cap));
}

/** Counted again after the insert: of parallel creates past the cap, the late ones back out. */
async function backOutDraftOverCap(deps: Deps, user: UserRow, id: number): Promise<void> {
  const cap = deps.config.maxDraftsPerUser;
  if (cap <= 0 || (await countDrafts(deps.db, user.id)) <= cap) return;
  await deps.db.deleteFrom('ideas').where('id', '=', id).execute();
  throw badRequest(draftCapMessage(cap));
}

export async function createIdea(deps: Deps, user: UserRow, input: TCreateIdeaRequest): Promise<IdeaDto> {
  const publishing = input.status === 'published';
  // A muted member keeps their drafts but publishes nothing (accounts/mutes.ts), before any other check.
  if (publishing) await refuseIfMuted(deps.db, user.id);
  let f = clean(input, NEW_IDEA_DEFAULTS, await usableImageNames(deps.db, user, null));
  let checked: PublishReview | null = null;
  if (publishing) ({ f, ...checked } = await checkForPublish(deps, user, null, f));
  else await checkNewDraft(deps, user);
  const now = nowDb();
  const columns = columnsFor(f, input.status);
  const id = await spendingPublish(deps, user, !!checked?.counted, () =>
    insertIdea(
      deps.db,
      {
        user_id: user.id,
        ...columns,
        ever_public: 0,
        ...(checked ? { ...checked.review, published_at: now } : { moderation_status: 'none' as const, reviewed_at: null, published_at: null }),
        view_count: 0,
        favorite_count: 0,
        comment_count: 0,
        is_deleted: 0,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      },
      f.tags,
      // With the idea, so an approved idea never lacks its message nor a held one its words.
      checked
        ? async (trx, newId) => {
            await writeHeldWords(trx, newId, checked.held);
            await tellIfApprovedAtOnce(trx, user, newId, f.title, checked.review, 0);
          }
        : undefined,
      checked ? (trx) => claimPublishedText(trx, user, null, columns, checked.review) : undefined,
    ),
  );
  if (!publishing) await backOutDraftOverCap(deps, user, id);
  await settleIdeaImages(deps, user, id, uploadedImageNames(f.detailedAnalysis));
  return dtoFor(deps, id, user);
}

/**
 * Saves an existing idea. Saving as published runs the checks again and sends it back to review
 * (docs/architecture.md §10); saving a published or rejected idea as a draft takes it out of the market.
 */
export async function updateIdea(deps: Deps, user: UserRow, id: number, input: TUpdateIdeaRequest): Promise<IdeaDto> {
  const row = await requireEditableIdea(deps.db, user, id);
  const status = input.status ?? row.status;
  const publishing = status === 'published';
  // Saving as published publishes again: a muted member may only save it as a draft.
  if (publishing) await refuseIfMuted(deps.db, user.id);
  let f = clean(input, await storedValues(deps.db, row), await usableImageNames(deps.db, user, id));
  let checked: PublishReview | null = null;
  if (publishing) ({ f, ...checked } = await checkForPublish(deps, user, id, f, isApproved(row) ? row : null));
  const now = nowDb();
  const columns = columnsFor(f, status);
  await spendingPublish(deps, user, !!checked?.counted, () =>
    transaction(deps.db, async (trx) => {
      if (checked) await claimPublishedText(trx, user, id, columns, checked.review);
      // Only over the review state the checks above read: a moderator's decision in between (a
      // take-down, a rejection) is not written over by an approval it never saw (a hostile review).
      const saved = await trx
        .updateTable('ideas')
        .set({
          ...columns,
          ...(checked ? { ...checked.review, published_at: publishedAtOnSave(row, now) } : { moderation_status: 'none', reviewed_at: null, published_at: oncePublicAt(row) }),
          updated_at: now,
        })
        .where('id', '=', id)
        .where('moderation_status', '=', row.moderation_status)
        .executeTakeFirst();
      if (Number(saved.numUpdatedRows) !== 1) throw conflict(IDEA_MSG.decidedMeanwhile);
      await writeTags(trx, id, f.tags);
      await writeSearchGrams(trx, id);
      await writeHeldWords(trx, id, checked?.held ?? []);
      if (checked) await tellIfApprovedAtOnce(trx, user, id, f.title, checked.review, row.ever_public);
    }),
  );
  await settleIdeaImages(deps, user, id, uploadedImageNames(f.detailedAnalysis));
  return dtoFor(deps, id, user);
}

/**
 * The date an idea was first public, if it has ever been (`ever_public`, set by every approval): kept
 * through edits, a spell as a draft (a review found that publishing the draft again bumped it to the
 * top) and a return to the review queue (whose next save used to date it anew). Only a first
 * publication — a new draft, or an idea a moderator rejected or still holds, never public — is dated
 * now; saving such an idea as a draft clears its date.
 */
const oncePublicAt = (row: IdeaRow) => (row.ever_public || isApproved(row) ? row.published_at : null);

/** Published and approved now (public, unless deleted). */
const isApproved = (row: Pick<IdeaRow, 'status' | 'moderation_status'>) => row.status === 'published' && row.moderation_status === 'approved';
const publishedAtOnSave = (row: IdeaRow, now: string) => oncePublicAt(row) ?? now;

/** Publishes a saved draft as it is stored; anything else is refused (a published idea is saved through an edit). */
export async function publishDraft(deps: Deps, user: UserRow, id: number): Promise<IdeaDto> {
  const row = await requireEditableIdea(deps.db, user, id);
  if (row.status !== 'draft') throw badRequest(IDEA_MSG.notDraft);
  await refuseIfMuted(deps.db, user.id);
  const { f, held, counted, review } = await checkForPublish(deps, user, id, clean({}, await storedValues(deps.db, row), await usableImageNames(deps.db, user, id)));
  const now = nowDb();
  const columns = columnsFor(f, 'published');
  await spendingPublish(deps, user, counted, () =>
    transaction(deps.db, async (trx) => {
      await claimPublishedText(trx, user, id, columns, review);
      // Only while still a draft: of two publishes at once, one publishes and the other finds nothing to publish.
      const result = await trx
        .updateTable('ideas')
        .set({ ...columns, ...review, published_at: publishedAtOnSave(row, now), updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'draft')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw badRequest(IDEA_MSG.notDraft);
      // Replaced words may have changed the tags.
      await writeTags(trx, id, f.tags);
      await writeSearchGrams(trx, id);
      await writeHeldWords(trx, id, held);
      await tellIfApprovedAtOnce(trx, user, id, f.title, review, row.ever_public);
    }),
  );
  return dtoFor(deps, id, user);
}

/**
 * Replaces an idea's expansions: notes only their author reads (shape.ts), so they never send the idea
 * to the review queue (an outside review: a note took a public idea out of the market, and the
 * moderator could not read it). A `block` word is still 403 and `replace` words are stored as `**`.
 */
export async function replaceExpansions(deps: Deps, user: UserRow, id: number, given: string[]): Promise<IdeaDto> {
  const idea = await requireOwnLiveIdea(deps.db, user, id);
  const { contents } = await screenExpansions(deps, given);
  const existing = await deps.db.selectFrom('idea_expansions').select(['content', 'created_at']).where('idea_id', '=', id).execute();
  const createdAt = new Map(existing.map((e) => [e.content, e.created_at]));
  const now = nowDb();
  await transaction(deps.db, async (trx) => {
    await trx.deleteFrom('idea_expansions').where('idea_id', '=', id).execute();
    if (contents.length) {
      await trx
        .insertInto('idea_expansions')
        .values(contents.map((content, position) => ({ idea_id: id, position, content, created_at: createdAt.get(content) ?? now })))
        .execute();
    }
    // Only over the review state read above: a moderator's decision in between (a take-down) wins.
    const saved = await trx.updateTable('ideas').set({ updated_at: now }).where('id', '=', id).where('moderation_status', '=', idea.moderation_status).executeTakeFirst();
    if (Number(saved.numUpdatedRows) !== 1) throw conflict(IDEA_MSG.decidedMeanwhile);
  });
  return dtoFor(deps, id, user);
}

export async function deleteIdea(deps: Deps, user: UserRow, id: number, force: boolean): Promise<{ deletionType: 'soft' | 'permanent' }> {
  const row = await requireOwnIdea(deps.db, user, id);
  if (force) {
    await purgeIdeas(deps, [row.id]);
    return { deletionType: 'permanent' };
  }
  if (row.is_deleted) throw notFound(IDEA_MSG.notFoundOrForbidden);
  await deps.db.updateTable('ideas').set({ is_deleted: 1, deleted_at: nowDb(), updated_at: nowDb() }).where('id', '=', id).execute();
  return { deletionType: 'soft' };
}

export async function restoreIdea(deps: Deps, user: UserRow, id: number): Promise<IdeaDto> {
  const row = await requireOwnIdea(deps.db, user, id, IDEA_MSG.restoreGone);
  if (!row.is_deleted || !row.deleted_at) throw badRequest(IDEA_MSG.notDeleted);
  if (restoreExpired(fromDbTime(row.deleted_at))) throw gone(IDEA_MSG.restoreExpired);
  await transaction(deps.db, async (trx) => {
    // A live copy of its text published while it was in the bin keeps it there (the exact rule).
    if (standsPublished(row) && row.content_hash) await claimText(trx, user, id, row.content_hash, row.moderation_status === 'review');
    await trx.updateTable('ideas').set({ is_deleted: 0, deleted_at: null, updated_at: nowDb() }).where('id', '=', id).execute();
  });
  return dtoFor(deps, id, user);
}

/** Removes ideas for good, with their image files. Safe to call twice or from two servers. */
export async function purgeIdeas(deps: Deps, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const images = await deps.db.selectFrom('idea_images').select('file_name').where('idea_id', 'in', ids).execute();
  const result = await deps.db.deleteFrom('ideas').where('id', 'in', ids).executeTakeFirst();
  await removeStoredImages(
    deps,
    images.map((i) => i.file_name),
  );
  return Number(result.numDeletedRows);
}

/** The recycle-bin purge job: ideas deleted more than 7 days ago. */
export async function purgeRecycleBin(deps: Deps): Promise<number> {
  const expired = await deps.db
    .selectFrom('ideas')
    .select('id')
    .where('is_deleted', '=', 1)
    .where('deleted_at', '<', dbTimeAgo(RECYCLE_BIN_DAYS * 24 * 3600 * 1000))
    .limit(500)
    .execute();
  return purgeIdeas(
    deps,
    expired.map((r) => r.id),
  );
}
