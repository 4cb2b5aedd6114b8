/**
 * How an idea and its author are presented, and which stage an idea is in: one rule each, used by the
 * server's mappers and by every page (cards, library, editor, detail). Pure: no zod, no I/O.
 */
import { avatarForUserId, DEACTIVATED_NICKNAME, isPresetAvatar } from './constants.ts';
import { DEFAULT_IDEA_TITLE, RECYCLE_BIN_DAYS } from './idea-rules.ts';
import { defaultNickname } from './patterns.ts';

const DAY_MS = 24 * 3600 * 1000;

// ------------------------------------------------------------------ author

/** The title shown for an idea: its own, or the default one an untitled draft carries. */
export const displayTitle = (title: string | null | undefined): string => title?.trim() || DEFAULT_IDEA_TITLE;

export interface AuthorFields {
  userId?: number | null;
  nickname?: string | null;
  registrationNumber?: string | null;
  avatarUrl?: string | null;
  deactivated?: boolean;
}

/** The nickname; else 'user' + the digits of the registration number (docs/spec/publishing-and-browsing.md §3); 已注销用户 once deactivated. */
export function authorName(a: AuthorFields): string {
  if (a.deactivated) return DEACTIVATED_NICKNAME;
  if (a.nickname) return a.nickname;
  return defaultNickname(a.registrationNumber ?? '');
}

/** A preset avatar as stored; else one of the five defaults chosen by user id (docs/spec/publishing-and-browsing.md §3). */
export function authorAvatar(a: AuthorFields): string {
  if (!a.deactivated && isPresetAvatar(a.avatarUrl)) return a.avatarUrl!;
  return avatarForUserId(a.userId ?? 0);
}

// ------------------------------------------------------------------ stage

/** The fields of an idea (as the API sends it) its stage depends on. */
export interface StageFields {
  status: 'draft' | 'published';
  moderationStatus: 'none' | 'review' | 'approved' | 'rejected';
  isDeleted: boolean;
}

/** draft · review (published, waiting for a reviewer) · rejected · public (approved) · deleted (recycle bin). */
export type IdeaStage = 'draft' | 'review' | 'rejected' | 'public' | 'deleted';

export function ideaStage(idea: StageFields): IdeaStage {
  if (idea.isDeleted) return 'deleted';
  if (idea.status === 'draft') return 'draft';
  if (idea.moderationStatus === 'review') return 'review';
  if (idea.moderationStatus === 'rejected') return 'rejected';
  return 'public';
}

/** An idea in review stays as the reviewer sees it: its author cannot change it meanwhile. */
export const isInReview = (idea: StageFields) => ideaStage(idea) === 'review';
/** What anyone but its author (and admins) may see. */
export const isPublicStage = (idea: StageFields) => ideaStage(idea) === 'public';
/**
 * Who may comment on it, mark or report its comments, favourite, unlock it or count a view: anyone
 * while it is public, only its author otherwise. An admin reads every stage but acts on none of them
 * (the server's rule: ideas/visibility.ts `findActionableIdea`).
 */
export const mayActOn = (idea: StageFields & { isOwner?: boolean }) => isPublicStage(idea) || !!idea.isOwner;

// ------------------------------------------------------------------ recycle bin

/** When a soft-deleted idea stops being restorable (and the purge may remove it). */
export function recycleDeadline(deletedAt: string | Date): Date {
  return new Date(new Date(deletedAt).getTime() + RECYCLE_BIN_DAYS * DAY_MS);
}

export function restoreExpired(deletedAt: string | Date, now = Date.now()): boolean {
  return now > recycleDeadline(deletedAt).getTime();
}

/** Days left before a soft-deleted idea is purged (0 when expired). */
export function recycleDaysLeft(deletedAt: string | Date, now = Date.now()): number {
  return Math.max(0, Math.ceil((recycleDeadline(deletedAt).getTime() - now) / DAY_MS));
}

// ------------------------------------------------------------------ publish failures (docs/spec/publishing-and-browsing.md §8)

export const REJECT_REASON_MAX = 200;
/** What a moderator is told about the reject reason, on the server and in the review queue alike. */
export const REJECT_REASON_MSG = {
  required: '请填写驳回原因',
  tooLong: `驳回原因不能超过${REJECT_REASON_MAX}个字`,
} as const;
/** The same for taking a public idea down: its reason goes to the author too, as long as a rejection's. */
export const TAKE_DOWN_REASON_MSG = {
  required: '请填写下架原因',
  tooLong: `下架原因不能超过${REJECT_REASON_MAX}个字`,
} as const;

export type DuplicateType = 'exact' | 'similar_title' | 'highly_similar' | 'rate_limit';

/** 409 `duplicateInfo`. */
export interface DuplicateInfo {
  type: DuplicateType;
  existingIdeaId?: number;
  existingTitle?: string;
  similarity?: number;
  retryAfter?: number;
}

/** 403 `moderationResult`. */
export interface ModerationResult {
  passed: false;
  reason: 'sensitive_words';
  matchedWords: string[];
  fields: string[];
}

/** `errorType` beside the message of a failed publish. */
export const PUBLISH_ERROR_TYPES = { duplicate: 'duplicate_content', moderation: 'content_moderation' } as const;
