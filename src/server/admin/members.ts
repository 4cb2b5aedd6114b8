/**
 * The console's 用户 tab (docs/product-rules.md, "Muted members"): finding a member by phone, 猎人编号 or
 * nickname, and muting or lifting a mute. Each mute or lift locks the member's row, writes the mute, the
 * member's system message and the moderation log in one transaction.
 */
import { sql } from 'kysely';
import { forUpdate } from '../../../db/portable.ts';
import { dbTimeToIso, fromDbTime, toDbTime } from '../../../db/time.ts';
import { transaction } from '../../../db/transaction.ts';
import type { Db, UserRow } from '../../../db/types.ts';
import type { z } from 'zod';
import { isPhone, isUserId } from '../../shared/patterns.ts';
import { muteEndText, muteLengthText, MUTE_MSG, type TMuteRequest } from '../../shared/mute-rules.ts';
import type { ZAdminMember } from '../../shared/outputs/moderation.ts';
import { activeMute } from '../accounts/mutes.ts';
import { findUserByRef, shownAvatar } from '../accounts/users.ts';
import type { Deps } from '../deps.ts';
import { badRequest, forbidden, notFound } from '../kernel/errors.ts';
import { sendMessage } from '../messages/send.ts';
import { logModeration } from './log.ts';

export type AdminMember = z.infer<typeof ZAdminMember>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `%`, `_` and the escape itself taken literally in a LIKE pattern (`escape '!'`: a backslash is an escape in MySQL's string literals, not in SQLite's). */
const likeLiteral = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/**
 * Members matching `q`: a phone or a 猎人编号 exactly (their unique keys), otherwise nicknames containing
 * it (a scan of the users table, capped at `limit`: an admin's occasional search, not a public read).
 */
export async function searchMembers(deps: Deps, q: string, limit: number): Promise<AdminMember[]> {
  let query = deps.db.selectFrom('users').selectAll().orderBy('id').limit(limit);
  if (isPhone(q)) query = query.where('phone', '=', q);
  else if (isUserId(q.toLowerCase())) query = query.where('registration_number', '=', q.toLowerCase());
  else query = query.where(sql<boolean>`nickname like ${`%${likeLiteral(q)}%`} escape '!'`);
  const rows = await query.execute();
  const mutes = rows.length
    ? await deps.db
        .selectFrom('member_mutes')
        .select(['user_id', 'muted_until', 'reason'])
        .where(
          'user_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  const now = Date.now();
  const inForce = new Map(mutes.filter((m) => m.muted_until === null || fromDbTime(m.muted_until).getTime() > now).map((m) => [m.user_id, m]));
  return rows.map((r) => toAdminMember(r, inForce.get(r.id) ?? null));
}

function toAdminMember(r: UserRow, mute: { muted_until: string | null; reason: string } | null): AdminMember {
  return {
    id: r.id,
    registrationNumber: r.registration_number,
    nickname: r.nickname,
    avatarUrl: shownAvatar(r.avatar_url),
    phone: r.phone,
    role: r.role,
    status: r.status,
    mute: mute ? { until: dbTimeToIso(mute.muted_until), reason: mute.reason } : null,
  };
}

/** The member's row, locked for the rest of the transaction: an unknown or deactivated member is 404, an admin 403. */
async function lockMutable(trx: Db, ref: string): Promise<UserRow> {
  // The path names a member as every user path does (ZUserRef, findUserByRef), then the row is locked by id.
  const found = await findUserByRef(trx, ref);
  const target = found && (await forUpdate(trx, trx.selectFrom('users').selectAll().where('id', '=', found.id)).executeTakeFirst());
  if (!target || target.status !== 'active') throw notFound(MUTE_MSG.memberNotFound);
  if (target.role === 'admin') throw forbidden(MUTE_MSG.adminImmune);
  return target;
}

/** Mutes a member for 1, 7 or 30 days or for good; a new mute replaces the one in force (its end too). */
export async function muteMember(deps: Deps, admin: UserRow, registrationNumber: string, input: TMuteRequest): Promise<AdminMember> {
  return transaction(deps.db, async (trx) => {
    const target = await lockMutable(trx, registrationNumber);
    const now = Date.now();
    const until = input.days === null ? null : new Date(now + input.days * DAY_MS);
    const row = { user_id: target.id, muted_until: until ? toDbTime(until) : null, reason: input.reason, muted_by: admin.id, created_at: toDbTime(new Date(now)) };
    await trx.deleteFrom('member_mutes').where('user_id', '=', target.id).execute();
    await trx.insertInto('member_mutes').values(row).execute();
    const ends = until ? `禁言至 ${muteEndText(until)}（北京时间）` : '永久禁言';
    await sendMessage(trx, {
      userId: target.id,
      title: until ? '您已被禁言' : '您已被永久禁言',
      content: `您因「${input.reason}」被管理员${ends}。期间您仍可以浏览、收藏和关注，但不能发布创意、评论、举报或提交反馈。`,
      priority: 'high',
      sender: 'admin',
    });
    await logModeration(trx, {
      adminId: admin.id,
      action: 'mute_member',
      targetType: 'user',
      targetId: target.id,
      detail: `${target.registration_number}（${target.nickname}）禁言${muteLengthText(input.days)}${until ? `，至 ${muteEndText(until)}` : ''}｜原因：${input.reason}`,
    });
    return toAdminMember(target, row);
  });
}

/** Lifts the mute in force; a member not muted (or whose mute has ended) is 400. */
export async function unmuteMember(deps: Deps, admin: UserRow, registrationNumber: string): Promise<AdminMember> {
  return transaction(deps.db, async (trx) => {
    const target = await lockMutable(trx, registrationNumber);
    const mute = await activeMute(trx, target.id);
    if (!mute) throw badRequest(MUTE_MSG.notMuted);
    await trx.deleteFrom('member_mutes').where('user_id', '=', target.id).execute();
    await sendMessage(trx, {
      userId: target.id,
      title: '禁言已解除',
      content: '管理员已解除您的禁言，您现在可以正常发布创意、评论、举报和提交反馈了。',
      sender: 'admin',
    });
    await logModeration(trx, {
      adminId: admin.id,
      action: 'unmute_member',
      targetType: 'user',
      targetId: target.id,
      detail: `${target.registration_number}（${target.nickname}）解除禁言｜原禁言${mute.until ? `至 ${muteEndText(mute.until)}` : '为永久'}，原因：${mute.reason}`,
    });
    return toAdminMember(target, null);
  });
}
