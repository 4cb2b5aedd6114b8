/**
 * The sensitive-word check every text a person can make public passes: idea fields (rich text as
 * its text), tags, extensions, comments and replies, feedback and report reasons. The list is the
 * built-in `sensitive-words.txt` plus `SENSITIVE_WORDS_FILE`; matching sees through disguises
 * (matcher.ts). A hit is 403 with `moderationResult`, naming the words and the fields.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PUBLISH_ERROR_TYPES, type ModerationResult } from '../../shared/idea-display.ts';
import { forbidden } from '../errors.ts';
import { WordAutomaton } from './matcher.ts';

export const SENSITIVE_MESSAGE = '内容包含敏感词，未能通过审核，请修改后重新提交';

const BUILT_IN_LIST = path.join(import.meta.dirname, 'sensitive-words.txt');

function readWordFile(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

interface WordList {
  words: string[];
  automaton: WordAutomaton;
}

let cached: { key: string; list: WordList } | undefined;

/** The listed words and their automaton, built once per word file. */
export function sensitiveWordList(extraFile = process.env.SENSITIVE_WORDS_FILE): WordList {
  const key = extraFile ?? '';
  if (cached?.key !== key) {
    const words = [...new Set([...readWordFile(BUILT_IN_LIST), ...(extraFile ? readWordFile(extraFile) : [])])];
    cached = { key, list: { words, automaton: new WordAutomaton(words) } };
  }
  return cached.list;
}

/** Throws 403 with moderationResult when any field holds a listed word, however disguised. */
export function assertNoSensitiveWords(fields: Record<string, string>): void {
  const { words, automaton } = sensitiveWordList();
  const matched = new Set<string>();
  const where: string[] = [];
  for (const [field, text] of Object.entries(fields)) {
    const found = automaton.find(text);
    if (!found.length) continue;
    for (const f of found) matched.add(words[f.word]);
    where.push(field);
  }
  if (matched.size) {
    const moderationResult: ModerationResult = { passed: false, reason: 'sensitive_words', matchedWords: [...matched], fields: where };
    throw forbidden(SENSITIVE_MESSAGE, { errorType: PUBLISH_ERROR_TYPES.moderation, moderationResult });
  }
}
