/** What the editor says when a publish or draft save fails (docs/spec/publishing-and-browsing.md §8 "Publish"). */
import { IDEA_MSG } from '../../../shared/idea-rules.ts';
import { errorExtra, errorMessage, httpStatusOf, isNetworkError } from '../../lib/api-errors.ts';

export const PUBLISH_FAILURE_MSG = {
  saveDraftFailed: '保存草稿失败，请重试',
  /** After the spec's short sentences for creating an idea and publishing a draft. */
  retryHint: '请稍后重试，你写的内容还在这里',
  moderationHint: '请修改相关内容后重新提交',
  matchedWords: (words: readonly string[]) => `涉及词语：${words.join('、')}`,
  duplicateHints: {
    exact: '请撰写不同的内容，或编辑已有的创意',
    similar_title: '请修改标题，或24小时后再试',
    highly_similar: '请大幅修改内容，增加更多原创性',
    rate_limit: '请稍后再试，或先保存为草稿',
  } as Record<string, string>,
} as const;

/** What the box beside the buttons says after a failed save or publish. */
export interface Failure {
  message: string;
  hint?: string;
  detail?: string;
  /** 409 duplicate or 403 moderation: offer to keep the work as a draft. */
  offerDraft?: boolean;
}

/** Whether a message already tells the author to change the text and submit again. */
export function saysResubmit(message: string): boolean {
  return /修改/.test(message) && /重新提交|重新发布/.test(message);
}

/**
 * The server's 4xx sentence when it gave one; otherwise the spec's sentence for the call that failed
 * (docs/spec/publishing-and-browsing.md §8), with the retry hint when that sentence does not ask for a retry itself.
 */
function fallbackFailure(err: unknown, fallback: string): Failure {
  const message = errorMessage(err, fallback);
  return message === fallback && !/重试/.test(fallback) ? { message, hint: PUBLISH_FAILURE_MSG.retryHint } : { message };
}

/** `draft`: the idea being published is a saved draft (the spec's "publish draft" call). */
export function publishFailure(err: unknown, { draft = false }: { draft?: boolean } = {}): Failure {
  const status = httpStatusOf(err);
  const extra = errorExtra(err);
  if (status === 409 && extra.errorType === 'duplicate_content') {
    const type = String((extra.duplicateInfo as { type?: string } | undefined)?.type ?? '');
    return { message: errorMessage(err, IDEA_MSG.publishFailed), hint: PUBLISH_FAILURE_MSG.duplicateHints[type], offerDraft: true };
  }
  if (status === 403 && extra.errorType === 'content_moderation') {
    const words = (extra.moderationResult as { matchedWords?: unknown } | undefined)?.matchedWords;
    const list = Array.isArray(words) ? words.map(String).filter(Boolean) : [];
    const message = errorMessage(err, IDEA_MSG.publishFailed);
    // The server's sentence may already ask for a change and a resubmission: say it once.
    const hint = saysResubmit(message) ? undefined : PUBLISH_FAILURE_MSG.moderationHint;
    return { message, hint, detail: list.length ? PUBLISH_FAILURE_MSG.matchedWords(list) : undefined, offerDraft: true };
  }
  if (status === 401) return { message: IDEA_MSG.loginToPublish };
  if (isNetworkError(err)) return { message: IDEA_MSG.networkFailed };
  return fallbackFailure(err, draft ? IDEA_MSG.publishDraftFailed : IDEA_MSG.publishFailed);
}

/** `creating`: the draft did not exist yet, so the failed call created the idea (the spec's "create idea"). */
export function draftFailure(err: unknown, { creating = false }: { creating?: boolean } = {}): Failure {
  if (httpStatusOf(err) === 401) return { message: IDEA_MSG.loginToSaveDraft };
  if (isNetworkError(err)) return { message: IDEA_MSG.networkFailed };
  return fallbackFailure(err, creating ? IDEA_MSG.createFailed : PUBLISH_FAILURE_MSG.saveDraftFailed);
}
