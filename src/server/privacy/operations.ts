/**
 * A member's own data (PIPL access): the archive download. REST only (`rest/privacy.ts`):
 * a file, not a JSON answer; the app downloads it with its token like any REST call.
 */
import { z } from 'zod';
import { answer, read, type Download } from '../request/operation.ts';
import { EXPORT_MSG, exportFileName, writeMemberArchive } from './export.ts';

const ZDownload = z.custom<Download>((v) => typeof v === 'object' && v !== null && 'write' in v);

export const privacyOps = {
  exportData: read({
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
