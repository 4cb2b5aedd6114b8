/**
 * The console's watched words: list and search, add (or change a word's action), import
 * one a line, remove. Every change raises the list's version in its transaction and goes into the
 * moderation log; this process reloads at once, the others at once through the change bus
 * (REDIS_URL) or else within CACHE_TTL_MS (words.ts).
 */
import type { z } from 'zod';
import { isUniqueViolation } from '../../../db/portable.ts';
import { dbTimeToIso, nowDb } from '../../../db/time.ts';
import type { Db, UserRow, WatchedWordAction } from '../../../db/types.ts';
import { transaction } from '../../../db/transaction.ts';
import { hasControlCharacters } from '../../shared/stored-text.ts';
import { textLength } from '../../shared/text-length.ts';
import { importLines, WATCHED_ACTION_LABEL, WATCHED_IMPORT_MAX_WORDS, WATCHED_MSG, WATCHED_WORD_MAX } from '../../shared/watched-words.ts';
import type { ZWatchedImport, ZWatchedWordChange, ZWatchedWordItem } from '../../shared/outputs/moderation.ts';
import { logModeration } from '../admin/log.ts';
import type { Deps } from '../deps.ts';
import { badRequest, notFound } from '../kernel/errors.ts';
import { foldForMatch } from './matcher.ts';
import { bumpWatchedWordsVersion, startingWords } from './words.ts';

export type WatchedWordItem = z.infer<typeof ZWatchedWordItem>;

const ROW_COLUMNS = ['watched_words.id', 'watched_words.word', 'watched_words.folded', 'watched_words.action', 'watched_words.created_at', 'users.registration_number', 'users.nickname'] as const;

function rowsWithAdmins(db: Db) {
  return db.selectFrom('watched_words').leftJoin('users', 'users.id', 'watched_words.created_by').select(ROW_COLUMNS);
}

type Row = Awaited<ReturnType<ReturnType<typeof rowsWithAdmins>['executeTakeFirstOrThrow']>>;

function toItem(r: Row, startingSources: Map<string, 'builtin' | 'file'>): WatchedWordItem {
  return {
    id: r.id,
    word: r.word,
    action: r.action,
    source: 'admin',
    overrides: startingSources.get(r.folded) ?? null,
    createdBy: r.registration_number ? { registrationNumber: r.registration_number, nickname: r.nickname ?? '' } : null,
    createdAt: dbTimeToIso(r.created_at),
  };
}

const startingSources = () => new Map(startingWords().map((w) => [w.folded, w.source as 'builtin' | 'file']));

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The moderators' entries (newest first), then the starting set's words they do not override; `q`
 * finds part of a word as typed or as matching sees it, `action` one action.
 */
export async function listWatchedWords(deps: Deps, query: { q?: string; action?: WatchedWordAction; limit: number; offset: number }): Promise<{ items: WatchedWordItem[]; total: number }> {
  const q = query.q?.trim() ?? '';
  const folded = q ? foldForMatch(q).text : '';
  let rows = rowsWithAdmins(deps.db);
  if (q) {
    rows = rows.where((eb) => {
      const parts = [eb('watched_words.word', 'like', likeLiteral(q))];
      if (folded) parts.push(eb('watched_words.folded', 'like', likeLiteral(folded)));
      return eb.or(parts);
    });
  }
  if (query.action) rows = rows.where('watched_words.action', '=', query.action);
  const admin = await rows.orderBy('watched_words.id', 'desc').execute();
  const sources = startingSources();
  const overridden = new Set((await deps.db.selectFrom('watched_words').select('folded').execute()).map((r) => r.folded));
  const starting =
    query.action && query.action !== 'block' ? [] : startingWords().filter((w) => !overridden.has(w.folded) && (!q || w.word.includes(q) || (folded !== '' && w.folded.includes(folded))));
  const all: WatchedWordItem[] = [
    ...admin.map((r) => toItem(r, sources)),
    ...starting.map((w): WatchedWordItem => ({ id: null, word: w.word, action: 'block', source: w.source, overrides: null, createdBy: null, createdAt: null })),
  ];
  return { items: all.slice(query.offset, query.offset + query.limit), total: all.length };
}

function foldedOrRefuse(word: string): string {
  const folded = foldForMatch(word).text;
  if (!folded) throw badRequest(WATCHED_MSG.noLetters);
  return folded;
}

const describe = (word: string, action: WatchedWordAction) => `${word}（${WATCHED_ACTION_LABEL[action]}）`;

/** Adds a word, or changes the action of the entry matching sees as the same word. */
export async function addWatchedWord(deps: Deps, admin: UserRow, word: string, action: WatchedWordAction): Promise<z.infer<typeof ZWatchedWordChange>> {
  const folded = foldedOrRefuse(word);
  const attempt = () =>
    transaction(deps.db, async (trx) => {
      const existing = await trx.selectFrom('watched_words').select(['id', 'word', 'action']).where('folded', '=', folded).executeTakeFirst();
      let id: number;
      let change: 'added' | 'changed' | 'unchanged';
      if (!existing) {
        const result = await trx.insertInto('watched_words').values({ word, folded, action, created_by: admin.id, created_at: nowDb() }).executeTakeFirstOrThrow();
        id = Number(result.insertId);
        change = 'added';
        await logModeration(trx, { adminId: admin.id, action: 'add_watched_word', targetType: 'watched_word', targetId: id, detail: describe(word, action) });
      } else if (existing.action !== action) {
        id = existing.id;
        change = 'changed';
        await trx.updateTable('watched_words').set({ action, created_by: admin.id, created_at: nowDb() }).where('id', '=', id).execute();
        const detail = `${existing.word}：${WATCHED_ACTION_LABEL[existing.action]} → ${WATCHED_ACTION_LABEL[action]}`;
        await logModeration(trx, { adminId: admin.id, action: 'change_watched_word', targetType: 'watched_word', targetId: id, detail });
      } else {
        return { id: existing.id, change: 'unchanged' as const };
      }
      await bumpWatchedWordsVersion(trx);
      return { id, change };
    });
  let result: { id: number; change: 'added' | 'changed' | 'unchanged' };
  try {
    result = await attempt();
  } catch (err) {
    // Two admins adding the same word at once: the second finds the first's entry.
    if (!isUniqueViolation(err)) throw err;
    result = await attempt();
  }
  if (result.change !== 'unchanged') deps.words.changed();
  const row = await rowsWithAdmins(deps.db).where('watched_words.id', '=', result.id).executeTakeFirstOrThrow();
  return { change: result.change, item: toItem(row, startingSources()) };
}

export async function removeWatchedWord(deps: Deps, admin: UserRow, id: number): Promise<void> {
  await transaction(deps.db, async (trx) => {
    const existing = await trx.selectFrom('watched_words').select(['id', 'word', 'action']).where('id', '=', id).executeTakeFirst();
    if (!existing) throw notFound(WATCHED_MSG.notFound);
    await trx.deleteFrom('watched_words').where('id', '=', id).execute();
    await logModeration(trx, { adminId: admin.id, action: 'remove_watched_word', targetType: 'watched_word', targetId: id, detail: describe(existing.word, existing.action) });
    await bumpWatchedWordsVersion(trx);
  });
  deps.words.changed();
}

const CHUNK = 500;

/**
 * One word a line, each with `action`: new words are added, listed ones take the action, the rest
 * is counted as unchanged. Lines that cannot be a word are skipped and named. One transaction, one
 * entry in the log.
 */
export async function importWatchedWords(deps: Deps, admin: UserRow, text: string, action: WatchedWordAction): Promise<z.infer<typeof ZWatchedImport>> {
  const lines = importLines(text);
  if (!lines.length) throw badRequest(WATCHED_MSG.importEmpty);
  if (lines.length > WATCHED_IMPORT_MAX_WORDS) throw badRequest(WATCHED_MSG.importTooMany);
  const skipped: z.infer<typeof ZWatchedImport>['skipped'] = [];
  const wanted = new Map<string, string>();
  let duplicates = 0;
  for (const { line, word } of lines) {
    if (textLength(word) > WATCHED_WORD_MAX) skipped.push({ line, word: [...word].slice(0, 20).join('') + '…', reason: WATCHED_MSG.wordTooLong });
    else if (hasControlCharacters(word)) skipped.push({ line, word, reason: '含无法显示的控制字符' });
    else {
      const folded = foldForMatch(word).text;
      if (!folded) skipped.push({ line, word, reason: WATCHED_MSG.noLetters });
      else if (wanted.has(folded)) duplicates += 1;
      else wanted.set(folded, word);
    }
  }
  const attempt = () =>
    transaction(deps.db, async (trx) => {
      const folded = [...wanted.keys()];
      const existing = new Map<string, { id: number; action: WatchedWordAction }>();
      for (let i = 0; i < folded.length; i += CHUNK) {
        for (const r of await trx
          .selectFrom('watched_words')
          .select(['id', 'folded', 'action'])
          .where('folded', 'in', folded.slice(i, i + CHUNK))
          .execute())
          existing.set(r.folded, r);
      }
      const now = nowDb();
      const fresh = folded.filter((f) => !existing.has(f));
      const changedIds = [...existing.values()].filter((e) => e.action !== action).map((e) => e.id);
      for (let i = 0; i < fresh.length; i += CHUNK) {
        await trx
          .insertInto('watched_words')
          .values(fresh.slice(i, i + CHUNK).map((f) => ({ word: wanted.get(f)!, folded: f, action, created_by: admin.id, created_at: now })))
          .execute();
      }
      for (let i = 0; i < changedIds.length; i += CHUNK) {
        await trx
          .updateTable('watched_words')
          .set({ action, created_by: admin.id, created_at: now })
          .where('id', 'in', changedIds.slice(i, i + CHUNK))
          .execute();
      }
      if (fresh.length || changedIds.length) {
        const first = fresh.length ? (await trx.selectFrom('watched_words').select('id').where('folded', '=', fresh[0]).executeTakeFirstOrThrow()).id : changedIds[0];
        const sample = [...fresh, ...folded.filter((f) => changedIds.includes(existing.get(f)?.id ?? -1))].slice(0, 10).map((f) => wanted.get(f)!);
        const detail = `导入 ${fresh.length + changedIds.length} 个词（${WATCHED_ACTION_LABEL[action]}）：新增 ${fresh.length}，更新 ${changedIds.length}。${sample.join('、')}${fresh.length + changedIds.length > sample.length ? '…' : ''}`;
        await logModeration(trx, { adminId: admin.id, action: 'import_watched_words', targetType: 'watched_word', targetId: first, detail });
        await bumpWatchedWordsVersion(trx);
      }
      return { added: fresh.length, changed: changedIds.length, unchanged: existing.size - changedIds.length + duplicates };
    });
  // A word added by another admin meanwhile: the second attempt finds it listed.
  const result = await attempt().catch((err) => {
    if (isUniqueViolation(err)) return attempt();
    throw err;
  });
  if (result.added || result.changed) deps.words.changed();
  return { ...result, skipped };
}
