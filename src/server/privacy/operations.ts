/**
 * A member's own data (PIPL access): the archive download. REST only:
 * a file, not a JSON answer; the app downloads it with its token like any REST call.
 */
import { z } from 'zod';
import { answer, read, type Download } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import { EXPORT_MSG, exportFileName, writeMemberArchive } from './export.ts';

const ZDownload = z.custom<Download>((v) => typeof v === 'object' && v !== null && 'write' in v);

export const privacyOps = {
  exportData: read({
    rest: {
      method: 'get',
      path: '/account/export',
      tag: REST_TAG.account,
      summary: '下载我的数据：资料、创意（含图片）、草稿、评论、收藏、关注、消息、反馈和其他记录，一个 ZIP 文件（每位用户每天 RATE_EXPORTS_PER_DAY 次）',
      operationId: 'account.exportData',
      responses: { 429: '导出过于频繁' },
    },
    access: 'member',
    input: z.object({}).optional(),
    output: { data: ZDownload, file: { mediaType: 'application/zip', description: '个人数据副本（ZIP：各类数据的 JSON 文件、创意图片和说明 README.txt）' } },
    run: async ({ deps, user }) => {
      // Counted before anything is read: each archive reads all of the member's rows and images.
      await deps.limits.exports.consume(String(user.id), EXPORT_MSG.tooFrequent);
      const at = new Date();
      return answer<Download>({ fileName: exportFileName(user, at), write: (out) => writeMemberArchive(deps, user, out, at) });
    },
  }),
};
