/**
 * An author's answer from the guests' bytes (contract/sharing.ts, `'ideas'`): a card or page of an
 * idea differs for its author in a few fields only — `isLocked` false, every image of the analysis in
 * `images`, `isOwner` true, and after it what the author alone reads (`detailedAnalysis` and
 * `expansions` where the answer carries whole ideas, `rejectionReason`), in `toIdeaDto`'s order
 * (ideas/shape.ts). Those fields are read once per answer kept and author (ownerViews, by the shaping
 * rule itself) and written over the guests' bytes; the answer kept remembers them until it goes.
 *
 * The guests' JSON is found by its keys: a key (`"isOwner":`) cannot occur inside a JSON string,
 * whose quotes are escaped, and each idea's own keys come before anything nested after them (its
 * comments). Where anything is not found as expected, the caller computes the member's answer.
 */
import type { ZodType } from 'zod';
import type { UserRow } from '../../../db/types.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import type { Deps } from '../deps.ts';
import { ownerViews } from '../ideas/shape.ts';
import type { PreparedAnswer } from './response-cache.ts';

interface Splice {
  start: number;
  end: number;
  text: Buffer;
}

/** Whether an answer's data carries whole ideas (the analysis and expansions an author reads), not cards. */
export function carriesWholeIdeas(schema: ZodType): boolean {
  const def = schema._zod.def as unknown as { type: string; element?: ZodType };
  const idea = def.type === 'array' ? def.element! : schema;
  const shape = (idea._zod.def as unknown as { shape?: Record<string, unknown> }).shape;
  return !!shape && 'detailedAnalysis' in shape;
}

/** Where one field's value lies in the idea's JSON from `from`, or null. */
function valueOf(body: Buffer, key: string, from: number, value?: string): { start: number; end: number } | null {
  const at = body.indexOf(`"${key}":`, from);
  if (at < 0) return null;
  const start = at + key.length + 3;
  if (value !== undefined) return body.toString('utf8', start, start + value.length) === value ? { start, end: start + value.length } : null;
  // An array of strings: it ends at the first `]` followed by the next key.
  const end = body.indexOf('],"', start);
  return body[start] === 0x5b && end > 0 ? { start, end: end + 1 } : null;
}

/** The splices that turn the guests' JSON of these ideas into their author's, or null. */
function splicesFor(body: Buffer, views: Map<number, IdeaDto>, whole: boolean): Splice[] | null {
  const splices: Splice[] = [];
  for (const [id, own] of views) {
    const start = body.indexOf(`{"id":${id},"title":`);
    if (start < 0) return null;
    const locked = valueOf(body, 'isLocked', start, 'true');
    const images = valueOf(body, 'images', start);
    const owner = images && valueOf(body, 'isOwner', images.end, 'false');
    if (!locked || !images || !owner) return null;
    let tail = 'true';
    if (whole && own.detailedAnalysis !== undefined) tail += `,"detailedAnalysis":${JSON.stringify(own.detailedAnalysis)}`;
    if (whole && own.expansions !== undefined) tail += `,"expansions":${JSON.stringify(own.expansions)}`;
    if (own.rejectionReason !== undefined) tail += `,"rejectionReason":${JSON.stringify(own.rejectionReason)}`;
    splices.push({ ...locked, text: Buffer.from('false') }, { ...images, text: Buffer.from(JSON.stringify(own.images)) }, { ...owner, text: Buffer.from(tail) });
  }
  return splices.sort((a, b) => a.start - b.start);
}

/**
 * An author's bytes and their gzip and brotli copies, against the bytes alone: JSON of cards
 * compresses to a fifth or less each (`npm run bench` reports both sizes), so 1.5 is an upper bound.
 */
const KEPT_COPIES_FACTOR = 1.5;

/** Remembered per answer kept: author id → the author's bytes (null: not found, computed another way). */
const remembered = new WeakMap<PreparedAnswer, Map<number, Buffer | null>>();

/**
 * The author's answer: the guests' bytes with their own ideas' fields written over, or null when it
 * cannot be made so (then the caller computes it). One read of the author's ideas per answer kept, and
 * the same bytes after it (so their compressed copies can be kept too: answers.ts `sendOwn`).
 */
export async function authorAnswer(deps: Deps, answer: PreparedAnswer, author: UserRow, whole: boolean): Promise<Buffer | null> {
  let byAuthor = remembered.get(answer);
  if (!byAuthor) remembered.set(answer, (byAuthor = new Map()));
  let own = byAuthor.get(author.id);
  if (own === undefined) {
    const ids = (answer.shown ?? []).filter((idea) => idea.authorId === author.id).map((idea) => idea.id);
    const views = await ownerViews(deps.db, author, ids);
    const splices = views.size === ids.length ? splicesFor(answer.variants.identity, views, whole) : null;
    own = splices && spliced(answer.variants.identity, splices);
    byAuthor.set(author.id, own);
    // Counted against the cache's bound with the answer it is kept with, its compressed copies
    // (answers.ts `sendOwn`, made on the first send) included.
    if (own) deps.publicCache.charge(answer, own.length * KEPT_COPIES_FACTOR);
  }
  return own;
}

function spliced(body: Buffer, splices: Splice[]): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (const { start, end, text } of splices) {
    parts.push(body.subarray(at, start), text);
    at = end;
  }
  parts.push(body.subarray(at));
  return Buffer.concat(parts);
}
