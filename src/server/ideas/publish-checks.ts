/**
 * The automatic checks a publish passes through, in the order of docs/spec/publishing-and-browsing.md §8:
 * sensitive words (403 moderationResult, moderation/words.ts), then duplicates (409 duplicateInfo): exact,
 * similar_title, highly_similar, rate_limit.
 *
 * Measures (documented here, tested in test/ideas/ideas.api.test.ts):
 * - exact: SHA-256 of the normalised title, description and analysis text (lower case, no
 *   whitespace or punctuation) equals that of another live published idea.
 * - similar_title: the same author published, within 24 hours, another live idea whose
 *   normalised title is equal or has a character-bigram Jaccard similarity of at least 0.8.
 * - highly_similar: the first 1000 characters of the normalised full text (at least 30) have a
 *   character-bigram Jaccard similarity of at least 0.85 with those of one of the 500 most recently
 *   published live ideas (stored as ideas.match_text when an idea is published).
 * - rate_limit: more than 5 publishes by one user in 10 minutes (RATE_PUBLISH_PER_10_MINUTES).
 * Every publish attempt also counts toward RATE_PUBLISH_ATTEMPTS_PER_10_MINUTES (429), so failing
 * checks cannot be repeated without end.
 * A match the caller may see (public, their own; an admin sees all) is refused so, and duplicateInfo
 * names it. A match the caller may not see (another member's idea waiting in the queue) is answered as
 * no match at all, and the new idea waits for a moderator with the match as its reason
 * (COPY_HOLD_FIELD): a 409, or its similarity score, let a member confirm or hill-climb a text no one
 * else can read yet (with MODERATION=manual, every new idea).
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import type { Kysely } from 'kysely';
import { dbTimeAgo, nowDb } from '../../../db/time.ts';
import type { Database, Db, IdeaRow, UserRow } from '../../../db/types.ts';
import { forUpdate } from '../../../db/portable.ts';
import { PUBLISH_ERROR_TYPES, type DuplicateInfo } from '../../shared/idea-display.ts';
import { jaccard, mostlyContained, ngrams, normalizeText, similarity } from '../search/text.ts';
import { findVisibleIdea } from './visibility.ts';
import type { Deps } from '../deps.ts';
import { AppError, conflict } from '../kernel/errors.ts';
import { screenTexts, SENSITIVE_MESSAGE, type HeldWord } from '../moderation/words.ts';
import { htmlToText, imageCaptions, linkAddresses, uploadedImageNames, withImageCaptions } from './rich-text.ts';

export const SIMILAR_TITLE_THRESHOLD = 0.8;
export const HIGHLY_SIMILAR_THRESHOLD = 0.85;
export const HIGHLY_SIMILAR_MIN_LENGTH = 30;
export const HIGHLY_SIMILAR_CANDIDATES = 500;
export const MATCH_TEXT_CHARS = 1000;
export const SIMILAR_TITLE_WINDOW_MS = 24 * 3600 * 1000;

export const MODERATION_MSG = {
  sensitive: SENSITIVE_MESSAGE,
  exact: '已存在内容完全相同的创意',
  similarTitle: '你在24小时内已发布过标题相同或相近的创意',
  highlySimilar: '该创意与平台上已有的创意高度相似',
  rateLimit: '发布过于频繁，请稍后再试',
} as const;

// ------------------------------------------------------------------ words

/** The fields of an idea others read. */
export interface IdeaTexts {
  title: string;
  description: string;
  /** Sanitized HTML. */
  detailedAnalysis: string;
  tags: string[];
}

/**
 * An idea's public texts through the word check (moderation/words.ts): 403 on a `block` word; the
 * fields with `replace` words as `**` (the analysis is matched as its text, replaced in its HTML;
 * tags are matched together, as one text, and split again); the `hold` words found.
 */
export async function screenIdeaFields<F extends IdeaTexts>(deps: Deps, f: F): Promise<{ fields: F & { analysisText: string }; held: HeldWord[] }> {
  // The analysis's link addresses are checked too (`links`); a word to replace there holds the idea
  // instead, as an address cannot be rewritten.
  const links = linkAddresses(f.detailedAnalysis).join(' ');
  // Each picture's description is a field of its own (`captions[0]`…), replaced words written back.
  const captions = imageCaptions(f.detailedAnalysis);
  const captionFields = Object.fromEntries(captions.map((caption, i) => [captionField(i), caption]));
  const screened = await screenTexts(
    deps.words,
    { title: f.title, description: f.description, detailedAnalysis: f.detailedAnalysis, tags: f.tags.join(' '), links, ...captionFields },
    { html: ['detailedAnalysis'] },
  );
  const t = screened.texts;
  const tags = t.tags === f.tags.join(' ') ? f.tags : [...new Set(t.tags.split(/\s+/).filter(Boolean))];
  const screenedCaptions = captions.map((_, i) => t[captionField(i)]);
  const detailedAnalysis = screenedCaptions.some((c, i) => c !== captions[i]) ? withImageCaptions(t.detailedAnalysis, screenedCaptions) : t.detailedAnalysis;
  const held = [...screened.held, ...screened.replaced.filter((r) => r.field === 'links' && !screened.held.some((h) => h.field === 'links' && h.word === r.word))];
  return { fields: { ...f, title: t.title, description: t.description, detailedAnalysis, analysisText: htmlToText(detailedAnalysis), tags }, held };
}

/** The word check's name for the description of the analysis's picture `index` (the admin queue shows 图片说明 N). */
const captionField = (index: number) => `captions[${index}]`;

// ------------------------------------------------------------------ images

/** The `idea_held_words` field of a picture no moderator has seen; its `word` is the file name. */
export const IMAGE_HOLD_FIELD = 'images';

/**
 * The analysis's pictures no moderator has seen, as hold reasons: the word check cannot read a
 * picture, so in automatic mode an idea showing a new one waits for a person (spec: all content is
 * shown only after review). Seen: shown by the idea a moderator approved (`markImagesSeen`), in any
 * version since — an edit keeping them, a spell as a draft — and shown by the version public now.
 */
export async function unseenImages(db: Db, ideaId: number | null, analysis: string, publicAnalysis: string | null): Promise<HeldWord[]> {
  const shown = [...new Set(uploadedImageNames(analysis))];
  if (!shown.length) return [];
  const seen = new Set(publicAnalysis === null ? [] : uploadedImageNames(publicAnalysis));
  if (ideaId !== null) {
    const approved = await db.selectFrom('idea_images').select('file_name').where('idea_id', '=', ideaId).where('file_name', 'in', shown).where('seen_at', 'is not', null).execute();
    for (const { file_name } of approved) seen.add(file_name);
  }
  return shown.filter((name) => !seen.has(name)).map((name) => ({ field: IMAGE_HOLD_FIELD, word: name }));
}

/** A moderator approved the idea showing `analysis`: its pictures count as seen from now on (unseenImages). */
export async function markImagesSeen(db: Db, ideaId: number, analysis: string): Promise<void> {
  const shown = uploadedImageNames(analysis);
  if (shown.length) await db.updateTable('idea_images').set({ seen_at: nowDb() }).where('idea_id', '=', ideaId).where('file_name', 'in', shown).where('seen_at', 'is', null).execute();
}

// ------------------------------------------------------------------ duplicates

export function contentHash(title: string, description: string, analysisText: string): string {
  const joined = [title, description, analysisText].map(normalizeText).join('\n');
  return encodeHexLowerCase(sha256(new TextEncoder().encode(joined)));
}

/** What the highly_similar check compares; stored with each published idea. */
export function matchText(title: string, description: string, analysisText: string): string {
  return [...normalizeText(`${title}${description}${analysisText}`)].slice(0, MATCH_TEXT_CHARS).join('');
}

function duplicate(message: string, duplicateInfo: DuplicateInfo, retryAfter?: number): AppError {
  const err = conflict(message, { errorType: PUBLISH_ERROR_TYPES.duplicate, duplicateInfo });
  return retryAfter ? new AppError('CONFLICT', err.message, { extra: err.extra, retryAfter }) : err;
}

export interface Candidate {
  ideaId: number | null;
  user: UserRow;
  title: string;
  description: string;
  analysisText: string;
}

/**
 * Published and not rejected by a moderator: public or waiting in the queue. Its text is live (a new
 * publish of the same text is a duplicate), and a hold word sends it back to the queue.
 */
export const standsPublished = (row: Pick<IdeaRow, 'status' | 'moderation_status'>) => row.status === 'published' && row.moderation_status !== 'rejected';

/** Live published ideas other than this one (standsPublished, not deleted): the set a new publish is compared with. */
function livePublished(db: Kysely<Database>, excludeId: number | null) {
  let q = db.selectFrom('ideas').where('status', '=', 'published').where('moderation_status', '!=', 'rejected').where('is_deleted', '=', 0);
  if (excludeId) q = q.where('id', '!=', excludeId);
  return q;
}

/** Character n-grams compared for containment: four characters are specific enough that a long text's are not all found in any other. */
const CONTAINED_GRAM = 4;
/** The share of a rejected text's grams that, found in a new text, make it that text with words added. */
export const REJECTED_CONTAINED_SHARE = 0.8;
/**
 * Rejected texts shorter than this (normalised characters) are compared only as a whole: a short one's
 * few grams could all turn up in a long, honest analysis of the same topic.
 */
export const REJECTED_CONTAINED_MIN_CHARS = 100;

/**
 * Whether the text is, or holds, that of another idea as a moderator rejected it (anyone's, not
 * approved since; over the most recent rejections, rejected_texts): the same measures as exact and
 * highly_similar, and containment for a rejected text of 100 characters or more, so words added
 * before or after it (a paragraph, a new title) do not dilute it away; the whole new text is
 * searched, not its first 1000 characters. Then a publish waits for a moderator even in automatic
 * mode: reviews found a rejected or taken-down text published again as a new idea, as it was or
 * padded, approved at once. The new text's gram sets are made once for all 500 rows.
 */
export async function resemblesRejected(deps: Deps, c: Omit<Candidate, 'user'>): Promise<boolean> {
  let rejected = deps.db.selectFrom('rejected_texts').select(['content_hash', 'match_text']);
  // Other ideas' texts, and those of ideas deleted for good (no idea_id).
  if (c.ideaId) rejected = rejected.where((eb) => eb.or([eb('idea_id', 'is', null), eb('idea_id', '!=', c.ideaId)]));
  const rows = await rejected.orderBy('id', 'desc').limit(HIGHLY_SIMILAR_CANDIDATES).execute();
  if (!rows.length) return false;
  const hash = contentHash(c.title, c.description, c.analysisText);
  const bigrams = ngrams(matchText(c.title, c.description, c.analysisText));
  const whole = ngrams(normalizeText(`${c.title}${c.description}${c.analysisText}`), CONTAINED_GRAM);
  return rows.some((r) => {
    if (r.content_hash === hash) return true;
    const length = r.match_text ? [...r.match_text].length : 0;
    if (length < HIGHLY_SIMILAR_MIN_LENGTH) return false;
    if (jaccard(bigrams, ngrams(r.match_text!)) >= HIGHLY_SIMILAR_THRESHOLD) return true;
    return length >= REJECTED_CONTAINED_MIN_CHARS && mostlyContained(r.match_text!, whole, CONTAINED_GRAM, REJECTED_CONTAINED_SHARE);
  });
}

/**
 * Rejected texts whose idea is gone (deleted for good, or its author deactivated), once past the
 * newest HIGHLY_SIMILAR_CANDIDATES that resemblesRejected compares: never read again, so not kept for
 * ever (the housekeeping job).
 */
export async function pruneRejectedTexts(db: Db): Promise<number> {
  const oldestCompared = await db
    .selectFrom('rejected_texts')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(HIGHLY_SIMILAR_CANDIDATES - 1)
    .executeTakeFirst();
  if (!oldestCompared) return 0;
  const pruned = await db.deleteFrom('rejected_texts').where('idea_id', 'is', null).where('id', '<', oldestCompared.id).executeTakeFirst();
  return Number(pruned.numDeletedRows);
}

/** The matching idea's id and title, only when the caller may see that idea (docs/architecture.md §4). */
async function visibleMatch(db: Db, match: { id: number; title: string }, caller: UserRow) {
  return (await findVisibleIdea(db, match.id, caller)) ? { existingIdeaId: match.id, existingTitle: match.title } : {};
}

/** The `idea_held_words` field of a copy of an idea the author may not see; its `word` is that idea's id. */
export const COPY_HOLD_FIELD = 'copy_of';

const copyHold = (ideaId: number): HeldWord => ({ field: COPY_HOLD_FIELD, word: String(ideaId) });

/** How many live ideas with one text are looked at for one the caller may see (the exact rule keeps it to one or two). */
const EXACT_MATCHES_READ = 20;

/** Live ideas with this text: the first the caller may see, else the first they may not. */
async function exactMatch(db: Db, caller: UserRow, ideaId: number | null, hash: string) {
  const rows = await livePublished(db, ideaId).select(['id', 'title']).where('content_hash', '=', hash).orderBy('id').limit(EXACT_MATCHES_READ).execute();
  for (const row of rows) if (await findVisibleIdea(db, row.id, caller)) return { visible: row, hidden: undefined };
  return { visible: undefined, hidden: rows[0] };
}

/**
 * The duplicate checks (this file's head). Refuses with 409 for a match the caller may see; answers
 * the hold reason for the first match they may not see (none, or one), which sends the idea to the queue.
 * `counted`: the save is a publish the member's publish limit counts (an edit of a public idea is not: `publishCounts`, service.ts).
 */
export async function assertNotDuplicate(deps: Deps, c: Candidate, counted: boolean): Promise<HeldWord[]> {
  const columns = ['id', 'title'] as const;
  const hash = contentHash(c.title, c.description, c.analysisText);
  const exact = await exactMatch(deps.db, c.user, c.ideaId, hash);
  if (exact.visible) throw duplicate(MODERATION_MSG.exact, { type: 'exact', existingIdeaId: exact.visible.id, existingTitle: exact.visible.title });
  let hiddenCopy = exact.hidden?.id;

  const title = normalizeText(c.title);
  const recentOwn = await livePublished(deps.db, c.ideaId).select(columns).where('user_id', '=', c.user.id).where('published_at', '>', dbTimeAgo(SIMILAR_TITLE_WINDOW_MS)).execute();
  for (const own of recentOwn) {
    const score = similarity(title, normalizeText(own.title));
    if (score >= SIMILAR_TITLE_THRESHOLD) {
      throw duplicate(MODERATION_MSG.similarTitle, { type: 'similar_title', ...(await visibleMatch(deps.db, own, c.user)), similarity: Math.round(score * 100) / 100 });
    }
  }

  const text = matchText(c.title, c.description, c.analysisText);
  if ([...text].length >= HIGHLY_SIMILAR_MIN_LENGTH) {
    const bigrams = ngrams(text);
    const candidates = await livePublished(deps.db, c.ideaId)
      .select([...columns, 'match_text'])
      .orderBy('published_at', 'desc')
      .limit(HIGHLY_SIMILAR_CANDIDATES)
      .execute();
    for (const other of candidates) {
      if (!other.match_text) continue;
      const score = jaccard(bigrams, ngrams(other.match_text));
      if (score < HIGHLY_SIMILAR_THRESHOLD) continue;
      if (await findVisibleIdea(deps.db, other.id, c.user)) {
        throw duplicate(MODERATION_MSG.highlySimilar, { type: 'highly_similar', existingIdeaId: other.id, existingTitle: other.title, similarity: Math.round(score * 100) / 100 });
      }
      hiddenCopy ??= other.id;
    }
  }

  if (counted) await asPublishLimit(() => deps.limits.publishes.check(String(c.user.id), MODERATION_MSG.rateLimit));
  return hiddenCopy === undefined ? [] : [copyHold(hiddenCopy)];
}

/** The publish limit's refusal as docs/spec/publishing-and-browsing.md §8 words it: a 409 of type rate_limit. */
async function asPublishLimit(ask: () => Promise<void>): Promise<void> {
  try {
    await ask();
  } catch (err) {
    if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') {
      throw duplicate(MODERATION_MSG.rateLimit, { type: 'rate_limit', retryAfter: err.retryAfter }, err.retryAfter);
    }
    throw err;
  }
}

/**
 * Takes one of the member's publishes once every check has passed, in one atomic step: checking first
 * and counting after the write let 12 publishes sent at once all through (an outside review). A
 * publish whose write then fails gives it back (`releasePublish`).
 */
export async function reservePublish(deps: Deps, userId: number): Promise<void> {
  await asPublishLimit(() => deps.limits.publishes.consume(String(userId), MODERATION_MSG.rateLimit));
}

export async function releasePublish(deps: Deps, userId: number): Promise<void> {
  await deps.limits.publishes.refund(String(userId)).catch(() => undefined);
}

/** How many rows of `publish_slots` the texts being published are spread over (its migration, frozen, made as many). */
const PUBLISH_SLOTS = 64;

/**
 * First in a publish's write transaction: locks the slot of its text (`publish_slots`), then looks
 * again for a live idea with the same text. Two publishes of one text at the same moment (a double tap
 * answered by two processes, two members pasting one text) both passed assertNotDuplicate before
 * either was written (an outside review on MariaDB got both published in two tries of three); under
 * the lock they take turns, and the second finds the first and is refused as `exact`. The read after
 * the lock is the transaction's first plain read, so it sees what the first committed. A copy of an
 * idea `user` may not see is let through when this text goes to the queue anyway (`toQueue`: it was
 * held for that copy, assertNotDuplicate); only one written in the moment between is refused so.
 */
export async function claimText(trx: Db, user: UserRow, ideaId: number | null, hash: string, toQueue = false): Promise<void> {
  const slot = parseInt(hash.slice(0, 8), 16) % PUBLISH_SLOTS;
  const lockSlot = () => forUpdate(trx, trx.selectFrom('publish_slots').select('slot').where('slot', '=', slot)).executeTakeFirst();
  // A missing row would lock nothing (a gap lock blocks no other), and publishes would stop taking turns.
  if (!(await lockSlot())) {
    await trx.insertInto('publish_slots').orIgnore().values({ slot }).execute();
    await lockSlot();
  }
  const exact = await exactMatch(trx, user, ideaId, hash);
  if (exact.visible) throw duplicate(MODERATION_MSG.exact, { type: 'exact', existingIdeaId: exact.visible.id, existingTitle: exact.visible.title });
  if (exact.hidden && !toQueue) throw duplicate(MODERATION_MSG.exact, { type: 'exact' });
}
