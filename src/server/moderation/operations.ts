/**
 * The console's watched words: `trpc/routers/ideas.ts` (admin router) and
 * `rest/moderation.ts` only name them. Admins only; every change goes into the moderation log.
 */
import { z } from 'zod';
import { decimalId } from '../../shared/ids.ts';
import { WATCHED_MSG, ZAddWatchedWordRequest, ZImportWatchedWordsRequest, ZWatchedWordsQuery } from '../../shared/watched-words.ts';
import { ZNoData } from '../../shared/outputs/common.ts';
import { ZWatchedImport, ZWatchedWordChange, ZWatchedWordItem, ZWatchedWordsExtra } from '../../shared/outputs/moderation.ts';
import { answer, read, write } from '../request/operation.ts';
import { addWatchedWord, importWatchedWords, listWatchedWords, removeWatchedWord } from './watched.ts';

// The word list changes no cached page: what was published stays as it was stored.
export const watchedWordOps = {
  list: read({
    access: 'admin',
    input: ZWatchedWordsQuery,
    output: { data: z.array(ZWatchedWordItem), extra: ZWatchedWordsExtra },
    run: async ({ deps }, input) => {
      const { items, total } = await listWatchedWords(deps, input);
      return answer(items, { extra: { total } });
    },
  }),
  add: write({
    changes: [],
    access: 'admin',
    input: ZAddWatchedWordRequest,
    output: { data: ZWatchedWordChange },
    run: async ({ deps, user }, input) => {
      const result = await addWatchedWord(deps, user, input.word, input.action);
      return answer(result, { message: WATCHED_MSG[result.change] });
    },
  }),
  import: write({
    changes: [],
    access: 'admin',
    input: ZImportWatchedWordsRequest,
    output: { data: ZWatchedImport },
    run: async ({ deps, user }, input) => {
      const result = await importWatchedWords(deps, user, input.text, input.action);
      return answer(result, { message: WATCHED_MSG.imported(result.added, result.changed) });
    },
  }),
  remove: write({
    changes: [],
    access: 'admin',
    input: z.object({ id: decimalId('词条ID无效') }),
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      await removeWatchedWord(deps, user, input.id);
      return answer(null, { message: WATCHED_MSG.removed });
    },
  }),
};
