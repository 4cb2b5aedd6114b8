/** The moderators' answers: watched words, held comments, the review queue's hold reasons. */
import { z } from 'zod';
import { WATCHED_WORD_ACTIONS } from '../watched-words.ts';
import { ZComment } from './comments.ts';
import { ZCount, ZRowId, ZTime } from './common.ts';
import { ZIdea } from './ideas.ts';

const ZPerson = z.object({ registrationNumber: z.string(), nickname: z.string() });

export const ZWatchedWordItem = z
  .object({
    /** Null for a word of the starting set (the built-in list or SENSITIVE_WORDS_FILE): it cannot be removed here. */
    id: ZRowId.nullable(),
    word: z.string(),
    action: z.enum(WATCHED_WORD_ACTIONS),
    source: z.enum(['builtin', 'file', 'admin']),
    /** On a moderator's entry for a word of the starting set: the list it overrides. */
    overrides: z.enum(['builtin', 'file']).nullable(),
    /** Who set it and when (null for the starting set, or once the admin's account is gone). */
    createdBy: ZPerson.nullable(),
    createdAt: ZTime.nullable(),
  })
  .meta({ id: 'WatchedWord' });

export const ZWatchedWordsExtra = z.object({ total: ZCount });

/** What adding a word did: `added`, `changed` (its action), or `unchanged`. */
export const ZWatchedWordChange = z.object({ change: z.enum(['added', 'changed', 'unchanged']), item: ZWatchedWordItem });

export const ZWatchedImport = z.object({
  added: ZCount,
  changed: ZCount,
  unchanged: ZCount,
  /** Lines not imported, and why (too long, nothing left to match, control characters). */
  skipped: z.array(z.object({ line: z.number().int().positive(), word: z.string(), reason: z.string() })),
});

export const ZHeldWord = z.object({ field: z.string(), word: z.string() });

/** A moderator's last decision on an idea before it came back to the queue (the moderation log). */
export const ZPreviousDecision = z.object({
  outcome: z.enum(['approved', 'rejected', 'taken_down']),
  /** The reason given, for a rejection or a take-down. */
  reason: z.string().nullable(),
  decidedAt: ZTime,
  /** The admin who decided (a deactivated one is named 已注销用户); null if their row is gone. */
  admin: ZPerson.nullable(),
});

/**
 * An idea in the review queue, with what brought it there: the watched words of the hold action and
 * the analysis's pictures no moderator has seen (both empty when the mode is manual), the hidden ideas
 * it copies (in either mode), whether it has
 * been public before (an edit of a public idea comes back), and the last decision a moderator made on
 * it (null for a first review).
 */
export const ZReviewIdea = ZIdea.extend({
  heldWords: z.array(ZHeldWord),
  heldImages: z.array(z.string()).describe('URLs of the pictures in the analysis no moderator has seen (automatic review cannot read a picture)'),
  heldAsCopyOf: z
    .array(z.object({ id: ZRowId, title: z.string() }))
    .describe('Ideas of others, not public, whose text this one has or nearly has (exact or highly_similar): its author was not told of them, so it waits here instead of a 409'),
  wasPublic: z.boolean(),
  previousDecision: ZPreviousDecision.nullable(),
}).meta({ id: 'ReviewIdea' });

/** A comment a watched word keeps for a moderator. */
export const ZHeldComment = z
  .object({
    comment: ZComment,
    words: z.array(z.string()),
    idea: z.object({ id: ZRowId, title: z.string() }),
  })
  .meta({ id: 'HeldComment' });

/** What waits on each tab of the admin console (admin/pending.ts): 审核 counts the queue's ideas and held comments. */
export const ZPendingCounts = z.object({ review: ZCount, feedback: ZCount, reports: ZCount }).meta({ id: 'PendingCounts' });

/** A member as the console's 用户 tab lists them: who, their role and state, and the mute in force. */
export const ZAdminMember = z
  .object({
    id: ZRowId,
    registrationNumber: z.string(),
    nickname: z.string(),
    avatarUrl: z.string(),
    /** Null once deactivated (the phone is freed). */
    phone: z.string().nullable(),
    role: z.enum(['member', 'admin']),
    status: z.enum(['active', 'deactivated']),
    /** The mute in force: `until` null is permanent; null when not muted (or a mute that has ended). */
    mute: z.object({ until: ZTime.nullable(), reason: z.string() }).nullable(),
  })
  .meta({ id: 'AdminMember' });
