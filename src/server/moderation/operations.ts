/**
 * The console's watched words: each declares its REST path (`rest`);
 * `trpc/routers/admin.ts` only names them. Admins only; every change goes into the moderation log.
 */
import { z } from 'zod';
import { decimalId } from '../../shared/ids.ts';
import { WATCHED_MSG, ZAddWatchedWordRequest, ZImportWatchedWordsRequest, ZWatchedWordsQuery } from '../../shared/watched-words.ts';
import { ZNoData } from '../../shared/outputs/common.ts';
import { ZWatchedImport, ZWatchedWordChange, ZWatchedWordItem, ZWatchedWordsExtra } from '../../shared/outputs/moderation.ts';
import { answer, read, write } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import { addWatchedWord, importWatchedWords, listWatchedWords, removeWatchedWord } from './watched.ts';

// The word list changes no cached page: what was published stays as it was stored.
export const watchedWordOps = {
  list: read({
    rest: {
      method: 'get',
      path: '/admin/watched-words',
      tag: REST_TAG.admin,
      summary: '监控词：管理员添加的在前（最新在前），然后是内置词表和词表文件的词（q 搜索，action 筛选，limit/offset 分页，total 为总数）',
    },
    access: 'admin',
    input: ZWatchedWordsQuery,
    output: { data: z.array(ZWatchedWordItem), extra: ZWatchedWordsExtra },
    run: async ({ deps }, input) => {
      const { items, total } = await listWatchedWords(deps, input);
      return answer(items, { extra: { total } });
    },
  }),
  add: write({
    rest: {
      method: 'post',
      path: '/admin/watched-words',
      tag: REST_TAG.admin,
      summary: '添加监控词（word、action：block 拦截 / hold 送审 / replace 替换为 **）；已有的词改为新的处理方式。立即生效；其他进程经由 Redis（REDIS_URL）立即生效，否则在 CACHE_TTL_MS 内生效',
    },
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
    rest: { method: 'post', path: '/admin/watched-words/import', tag: REST_TAG.admin, summary: '导入监控词（text 每行一个，action 对全部生效）；无法作为词的行列在 skipped 中' },
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
    rest: { method: 'delete', path: '/admin/watched-words/:id', tag: REST_TAG.admin, summary: '删除管理员添加的监控词（内置词表和词表文件的词不能在这里删除）', responses: { 404: '不存在或已删除' } },
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
