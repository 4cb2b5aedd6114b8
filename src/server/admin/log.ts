/** The moderation log (docs/architecture.md §10, `GET /api/admin/log`): who did what to which item, and when. */
import { dbTimeToIso, nowDb } from '../../../db/time.ts';
import type { Db, ModerationLogTable } from '../../../db/types.ts';
import type { z } from 'zod';
import type { ZModerationAction, ZModerationLogItem } from '../../shared/outputs/messages.ts';

export type ModerationAction = z.infer<typeof ZModerationAction>;

export interface LogEntry {
  adminId: number;
  action: ModerationAction;
  targetType: ModerationLogTable['target_type'];
  targetId: number;
  detail?: string | null;
}

/** Written in the same transaction as the action, so the log never claims what did not happen. Answers the entry's id. */
export async function logModeration(db: Db, entry: LogEntry): Promise<number> {
  const result = await db
    .insertInto('moderation_log')
    .values({
      admin_id: entry.adminId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      detail: entry.detail ? entry.detail.slice(0, 500) : null,
      created_at: nowDb(),
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export type LogItem = z.infer<typeof ZModerationLogItem>;

export async function moderationLog(db: Db, limit = 200): Promise<LogItem[]> {
  const rows = await db
    .selectFrom('moderation_log')
    .leftJoin('users', 'users.id', 'moderation_log.admin_id')
    .select([
      'moderation_log.id',
      'moderation_log.action',
      'moderation_log.target_type',
      'moderation_log.target_id',
      'moderation_log.detail',
      'moderation_log.created_at',
      'users.registration_number',
      'users.nickname',
    ])
    .orderBy('moderation_log.id', 'desc')
    .limit(limit)
    .execute();
  const editIds = rows.filter((r) => r.action === 'edit_approve_idea').map((r) => r.id);
  const edits = editIds.length ? await db.selectFrom('moderation_edits').select(['log_id', 'field', 'before', 'after']).where('log_id', 'in', editIds).orderBy('id').execute() : [];
  return rows.map((r) => ({
    id: r.id,
    action: r.action as ModerationAction,
    targetType: r.target_type,
    targetId: r.target_id,
    detail: r.detail,
    createdAt: dbTimeToIso(r.created_at)!,
    admin: r.registration_number ? { registrationNumber: r.registration_number, nickname: r.nickname ?? '' } : null,
    // A correction before approval keeps both versions of each field it changed.
    ...(r.action === 'edit_approve_idea' ? { edits: edits.filter((e) => e.log_id === r.id).map((e) => ({ field: e.field, before: e.before, after: e.after })) } : {}),
  }));
}
