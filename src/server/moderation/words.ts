/**
 * The word check every text a person can make public passes: idea fields (rich text as its text),
 * tags, extensions, comments and replies, feedback and report reasons. Matching sees through
 * disguises (matcher.ts).
 *
 * The words and their actions (after Discourse's watched words):
 * - the starting set: the built-in `sensitive-words.txt` plus `SENSITIVE_WORDS_FILE`, action `block`;
 * - the moderators' watched words (`watched_words`, run from /admin), each `block`, `hold` or
 *   `replace`; an entry for a word of the starting set overrides the file's `block`.
 * A text holding a `block` word is refused: 403 with `moderationResult`, naming the words and the
 * fields. Otherwise `replace` words are stored as `**` and `hold` words are reported to the caller,
 * which sends the idea (or comment) to the review queue.
 *
 * Every process keeps the list and its automaton in memory (`WatchedWords`): it asks the database for
 * the list's version at most once per CACHE_TTL_MS and rebuilds when it changed, so a change made in
 * one process is in force there at once and in every other at once with REDIS_URL (the change bus
 * tells them), within CACHE_TTL_MS without it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database, Db, WatchedWordAction } from '../../../db/types.ts';
import { PUBLISH_ERROR_TYPES, type ModerationResult } from '../../shared/idea-display.ts';
import { forbidden } from '../kernel/errors.ts';
import { foldForMatch, WordAutomaton, type Found } from './matcher.ts';
import { NO_PEERS, type Peers } from '../infrastructure/change-bus.ts';

export const SENSITIVE_MESSAGE = '内容包含敏感词，未能通过审核，请修改后重新提交';

/** What a replaced word becomes in the stored text. */
export const REPLACEMENT = '**';

const BUILT_IN_LIST = path.join(import.meta.dirname, 'sensitive-words.txt');

function readWordFile(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

export type WordSource = 'builtin' | 'file' | 'admin';

export interface ListedWord {
  word: string;
  /** The word as matching sees it. */
  folded: string;
  action: WatchedWordAction;
  source: WordSource;
}

/** The starting set: the built-in words and SENSITIVE_WORDS_FILE's, read once per file. */
let fileCache: { key: string; words: ListedWord[] } | undefined;

export function startingWords(extraFile = process.env.SENSITIVE_WORDS_FILE): ListedWord[] {
  const key = extraFile ?? '';
  if (fileCache?.key !== key) {
    const seen = new Set<string>();
    const words: ListedWord[] = [];
    const add = (list: string[], source: WordSource) => {
      for (const word of list) {
        const folded = foldForMatch(word).text;
        if (!folded || seen.has(folded)) continue;
        seen.add(folded);
        words.push({ word, folded, action: 'block', source });
      }
    };
    add(readWordFile(BUILT_IN_LIST), 'builtin');
    if (extraFile) add(readWordFile(extraFile), 'file');
    fileCache = { key, words };
  }
  return fileCache.words;
}

export interface WordList {
  words: ListedWord[];
  automaton: WordAutomaton;
}

function compile(words: ListedWord[]): WordList {
  return { words, automaton: WordAutomaton.fromFolded(words.map((w) => w.folded)) };
}

/** The starting set alone (the benchmark's built-in list). */
export function sensitiveWordList(extraFile = process.env.SENSITIVE_WORDS_FILE): { words: string[]; automaton: WordAutomaton } {
  const list = compile(startingWords(extraFile));
  return { words: list.words.map((w) => w.word), automaton: list.automaton };
}

/** The starting set with the moderators' entries over it (theirs win for the same folded word). */
export function mergeWords(starting: readonly ListedWord[], watched: readonly ListedWord[]): ListedWord[] {
  const byFolded = new Map<string, ListedWord>();
  for (const w of starting) byFolded.set(w.folded, w);
  for (const w of watched) byFolded.set(w.folded, w);
  return [...byFolded.values()];
}

export const WATCHED_WORDS_LIST = 'watched_words';

/** Raises the list's version: call in the transaction that changed the list. */
export async function bumpWatchedWordsVersion(db: Db): Promise<void> {
  await db
    .updateTable('list_versions')
    .set({ version: sql<number>`version + 1` })
    .where('name', '=', WATCHED_WORDS_LIST)
    .execute();
}

/**
 * The list in force in this process. `list()` costs nothing within the TTL; past it, one query for
 * the version, and a reload (one query and an automaton build, ~35 ms for 10,000 words) only when
 * another process changed the list. `changed()` after this process's own change: the next call
 * reloads, so the change is in force here at once, and in every other process told through the change
 * bus (REDIS_URL, infrastructure/change-bus.ts).
 */
export class WatchedWords {
  private loaded: { version: number; list: WordList; checkedAt: number } | undefined;
  private pending: Promise<WordList> | undefined;
  private stale = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly extraFile: string | undefined = process.env.SENSITIVE_WORDS_FILE,
    private readonly peers: Peers = NO_PEERS,
  ) {}

  /** `heard`: another process told it (not told on). */
  changed(heard = false): void {
    this.stale = true;
    if (!heard) this.peers.tell({ what: 'words' });
  }

  async list(): Promise<WordList> {
    const loaded = this.loaded;
    if (loaded && !this.stale && this.now() - loaded.checkedAt < this.ttlMs) return loaded.list;
    this.pending ??= this.refresh().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async refresh(): Promise<WordList> {
    const checkedAt = this.now();
    this.stale = false;
    const row = await this.db.selectFrom('list_versions').select('version').where('name', '=', WATCHED_WORDS_LIST).executeTakeFirst();
    const version = row?.version ?? 0;
    if (this.loaded && this.loaded.version === version) {
      this.loaded.checkedAt = checkedAt;
      return this.loaded.list;
    }
    const rows = await this.db.selectFrom('watched_words').select(['id', 'word', 'folded', 'action']).orderBy('id').execute();
    // Folded again from the word as the moderator wrote it: one stored before the fold changed (learnt
    // to drop ー or 々, to read look-alike letters as Latin) would otherwise keep its old fold and never
    // match. Cheap: each character's fold is remembered.
    const watched = rows.map((r): ListedWord => ({ word: r.word, folded: foldForMatch(r.word).text, action: r.action, source: 'admin' }));
    await storeNewFolds(this.db, rows, watched);
    const list = compile(mergeWords(startingWords(this.extraFile), watched));
    this.loaded = { version, list, checkedAt };
    return list;
  }
}

/**
 * Writes a word's new fold where it changed, so the console's duplicate check and search (which read
 * the stored column) see what matching sees. Once per change of the fold; a word whose new fold is an
 * entry of its own already keeps its old one (both still match).
 */
async function storeNewFolds(db: Kysely<Database>, rows: readonly { id: number; folded: string }[], watched: readonly ListedWord[]): Promise<void> {
  for (const [i, r] of rows.entries()) {
    if (!watched[i].folded || watched[i].folded === r.folded) continue;
    try {
      await db.updateTable('watched_words').set({ folded: watched[i].folded }).where('id', '=', r.id).where('folded', '=', r.folded).execute();
    } catch {
      // The unique fold belongs to another entry, or the write failed: matching is right either way.
    }
  }
}

// ------------------------------------------------------------------ screening a text

/** A text's characters as matching sees them, with where each came from in the stored form. */
interface TextMap {
  text: string;
  /** For each UTF-16 unit of `text`, its range in the stored form. */
  start: number[];
  end: number[];
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Rich text (sanitized HTML) as its text, each character mapped back to the HTML: tags are skipped,
 * entities read as their character. A word split by tags (`<b>赌</b><i>博</i>`) is then one word, and
 * a replacement removes its characters from the HTML, leaving the tags.
 */
export function htmlTextMap(html: string): TextMap {
  let text = '';
  const start: number[] = [];
  const end: number[] = [];
  let i = 0;
  while (i < html.length) {
    const c = html[i];
    if (c === '<') {
      const close = html.indexOf('>', i);
      if (close !== -1) {
        i = close + 1;
        continue;
      }
    }
    if (c === '&') {
      const m = /^&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/i.exec(html.slice(i, i + 12));
      if (m) {
        const name = m[1];
        const code = name[0] === '#' ? (name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))) : undefined;
        const decoded = code !== undefined ? (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '') : NAMED_ENTITIES[name.toLowerCase()];
        if (decoded !== undefined) {
          for (let k = 0; k < decoded.length; k++) {
            start.push(i);
            end.push(i + m[0].length);
          }
          text += decoded;
          i += m[0].length;
          continue;
        }
      }
    }
    text += c;
    start.push(i);
    end.push(i + 1);
    i += 1;
  }
  return { text, start, end };
}

function plainTextMap(text: string): TextMap {
  return { text, start: Array.from(text, (_, i) => i), end: Array.from(text, (_, i) => i + 1) };
}

/** The stored form with each found span's characters removed and `**` put where it began. */
function replaceSpans(stored: string, map: TextMap, spans: { from: number; to: number }[]): string {
  const merged: { from: number; to: number }[] = [];
  for (const s of [...spans].sort((a, b) => a.from - b.from || b.to - a.to)) {
    const last = merged[merged.length - 1];
    if (last && s.from < last.to) last.to = Math.max(last.to, s.to);
    else merged.push({ ...s });
  }
  const cut = new Uint8Array(stored.length);
  const insertAt = new Set<number>();
  for (const span of merged) {
    insertAt.add(map.start[span.from]);
    for (let u = span.from; u < span.to; u++) for (let k = map.start[u]; k < map.end[u]; k++) cut[k] = 1;
  }
  let out = '';
  for (let k = 0; k < stored.length; k++) {
    if (insertAt.has(k)) out += REPLACEMENT;
    if (!cut[k]) out += stored[k];
  }
  return out;
}

export interface HeldWord {
  field: string;
  word: string;
}

export interface Screened {
  /** Each field as it is to be stored: replaced words as `**`. */
  texts: Record<string, string>;
  /** The hold words found, by field: the caller sends the text to the review queue. */
  held: HeldWord[];
  /** The replace words found, by field. */
  replaced: HeldWord[];
}

/**
 * Replacing can join what was around a word into another listed word (`赌赌博博`): a few passes settle
 * it. A text that still holds one after them was built to outlast the replacing (`加微加微加微…信信信`),
 * so it is refused as a blocked word would be rather than stored with the word whole.
 */
const REPLACE_PASSES = 5;

/**
 * Checks each field (`html`: the names whose value is sanitized rich text, matched as its text).
 * Throws 403 with moderationResult when any field holds a `block` word, however disguised; otherwise
 * answers the texts to store (`replace` words as `**`) and the `hold` words found. A text with no
 * review queue of its own (feedback, report reasons, a moderator's correction) ignores `held`.
 */
export async function screenTexts(words: WatchedWords, fields: Record<string, string>, options: { html?: readonly string[] } = {}): Promise<Screened> {
  const { words: listed, automaton } = await words.list();
  const mapOf = (name: string, value: string) => (options.html?.includes(name) ? htmlTextMap(value) : plainTextMap(value));
  const blocked = new Set<string>();
  const blockedFields: string[] = [];
  const held: HeldWord[] = [];
  const replaced: HeldWord[] = [];
  const note = (list: HeldWord[], field: string, word: string) => {
    if (!list.some((h) => h.field === field && h.word === word)) list.push({ field, word });
  };
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    let current = value;
    for (let pass = 0; ; pass++) {
      const map = mapOf(name, current);
      const spans: Found[] = [];
      for (const hit of automaton.find(map.text)) {
        const w = listed[hit.word];
        if (w.action === 'block') {
          blocked.add(w.word);
          if (!blockedFields.includes(name)) blockedFields.push(name);
        } else if (w.action === 'hold') note(held, name, w.word);
        else {
          note(replaced, name, w.word);
          spans.push(hit);
        }
      }
      if (!spans.length) break;
      if (pass === REPLACE_PASSES) {
        for (const hit of spans) blocked.add(listed[hit.word].word);
        if (!blockedFields.includes(name)) blockedFields.push(name);
        break;
      }
      current = replaceSpans(current, map, spans);
    }
    texts[name] = current;
  }
  if (blocked.size) {
    const moderationResult: ModerationResult = { passed: false, reason: 'sensitive_words', matchedWords: [...blocked], fields: blockedFields };
    throw forbidden(SENSITIVE_MESSAGE, { errorType: PUBLISH_ERROR_TYPES.moderation, moderationResult });
  }
  return { texts, held, replaced };
}
