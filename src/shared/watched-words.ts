/**
 * Watched words run by moderators (after Discourse's watched words): the request schemas,
 * limits and texts the server and the admin console share.
 */
import { z } from 'zod';
import './zod-locale.ts';
import { ZStoredText } from './stored-text.ts';
import { textLength } from './text-length.ts';

export const WATCHED_WORD_ACTIONS = ['block', 'hold', 'replace'] as const;
export type WatchedWordAction = (typeof WATCHED_WORD_ACTIONS)[number];

/** How the console names each action, and what it does. */
export const WATCHED_ACTION_LABEL: Record<WatchedWordAction, string> = { block: '拦截', hold: '送审', replace: '替换为 **' };
export const WATCHED_ACTION_HINT: Record<WatchedWordAction, string> = {
  block: '含这个词的内容不能发布，作者会看到命中的词和位置',
  hold: '含这个词的创意和评论先进入审核队列（自动审核模式下也是），管理员通过后才公开',
  replace: '照常发布，这个词保存为 **',
};

export const WATCHED_WORD_MAX = 50;
export const WATCHED_IMPORT_MAX_WORDS = 10_000;
/** Where a listed word comes from: the built-in list, SENSITIVE_WORDS_FILE, or the console. */
export const WATCHED_SOURCE_LABEL = { builtin: '内置词表', file: '词表文件', admin: '管理员添加' } as const;

export const WATCHED_MSG = {
  wordRequired: '请输入要监控的词',
  wordTooLong: `每个词最多${WATCHED_WORD_MAX}个字`,
  actionInvalid: '处理方式只能是 block（拦截）、hold（送审）或 replace（替换）',
  importEmpty: '请粘贴要导入的词，每行一个',
  importTooMany: `一次最多导入${WATCHED_IMPORT_MAX_WORDS}个词`,
  noLetters: '这个词去掉空格和符号后什么也不剩，无法匹配，请换一个写法',
  notFound: '该词不存在或已被删除',
  added: '已添加，立即生效',
  changed: '已更新处理方式，立即生效',
  unchanged: '该词已在监控中，处理方式未变',
  removed: '已删除，立即生效',
  imported: (added: number, changed: number) => `已导入：新增 ${added} 个，更新 ${changed} 个，立即生效`,
} as const;

export const ZWatchedWordAction = z.enum(WATCHED_WORD_ACTIONS, { error: WATCHED_MSG.actionInvalid });

export const ZWatchedWord = ZStoredText(WATCHED_MSG.wordRequired)
  .trim()
  .min(1, WATCHED_MSG.wordRequired)
  .refine((w) => textLength(w) <= WATCHED_WORD_MAX, WATCHED_MSG.wordTooLong)
  .refine((w) => !/[\r\n]/.test(w), '一次添加一个词；多个词请用导入')
  .meta({ maxLength: WATCHED_WORD_MAX });

export const ZAddWatchedWordRequest = z.object({ word: ZWatchedWord, action: ZWatchedWordAction });

export const ZImportWatchedWordsRequest = z.object({
  /** One word a line; blank lines and lines starting with # are skipped. */
  text: ZStoredText(WATCHED_MSG.importEmpty)
    .trim()
    .min(1, WATCHED_MSG.importEmpty)
    .max(WATCHED_IMPORT_MAX_WORDS * (WATCHED_WORD_MAX + 2), WATCHED_MSG.importTooMany),
  action: ZWatchedWordAction,
});

export const ZWatchedWordsQuery = z.object({
  /** Part of the word, as typed or as matching sees it (`賭` finds `赌博`). */
  q: ZStoredText().trim().max(WATCHED_WORD_MAX).optional(),
  action: ZWatchedWordAction.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** The import's lines: trimmed, without blanks and `#` comments. */
export function importLines(text: string): { line: number; word: string }[] {
  return text
    .split('\n')
    .map((raw, i) => ({ line: i + 1, word: raw.trim() }))
    .filter((l) => l.word && !l.word.startsWith('#'));
}
