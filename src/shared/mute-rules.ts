/**
 * Muting a member (src/server/accounts/mutes.ts, src/server/admin/members.ts): how long, why, and the
 * words the member and the admins see. The end is shown in the community's time zone (China time),
 * whatever the server's or the reader's.
 */
import { z } from 'zod';
import './zod-locale.ts';
import { COMMUNITY_TIME_ZONE } from './constants.ts';
import { ZStoredText } from './stored-text.ts';
import { atMostChars } from './text-length.ts';

/** The lengths a moderator can choose; null (permanent) is the fourth choice. */
export const MUTE_DAYS = [1, 7, 30] as const;
export const MUTE_REASON_MAX = 200;
/** At most this many members answer one search in the console. */
export const MEMBER_SEARCH_LIMIT = 20;
export const MEMBER_SEARCH_MAX = 50;

export const MUTE_MSG = {
  daysInvalid: '禁言时长只能是 1 天、7 天、30 天或永久',
  reasonRequired: '请填写禁言原因',
  reasonTooLong: `禁言原因不能超过${MUTE_REASON_MAX}个字`,
  queryRequired: '请输入手机号、猎人编号或昵称',
  queryTooLong: '搜索内容过长',
  memberNotFound: '用户不存在或已注销',
  adminImmune: '不能禁言管理员',
  notMuted: '该用户没有被禁言',
  muted: '已禁言',
  unmuted: '已解除禁言',
} as const;

export const ZMuteRequest = z.object({
  days: z.union([z.literal(1), z.literal(7), z.literal(30), z.null()], { error: MUTE_MSG.daysInvalid }),
  reason: atMostChars(ZStoredText(MUTE_MSG.reasonRequired).trim().min(1, MUTE_MSG.reasonRequired), MUTE_REASON_MAX, MUTE_MSG.reasonTooLong),
});
export type TMuteRequest = z.infer<typeof ZMuteRequest>;

export const ZMemberSearchQuery = z.object({
  q: z.string({ error: MUTE_MSG.queryRequired }).trim().min(1, MUTE_MSG.queryRequired).max(50, MUTE_MSG.queryTooLong),
  limit: z.coerce.number().int().min(1).max(MEMBER_SEARCH_MAX).optional().default(MEMBER_SEARCH_LIMIT),
});

let endFormat: Intl.DateTimeFormat | undefined;

/** `2026年12月10日 15:00` in China time. */
export function muteEndText(until: Date): string {
  endFormat ??= new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: COMMUNITY_TIME_ZONE });
  const part = (type: Intl.DateTimeFormatPartTypes) => endFormat!.formatToParts(until).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}年${Number(part('month'))}月${Number(part('day'))}日 ${part('hour')}:${part('minute')}`;
}

/** What a muted member's refused write says (403), on both transports. */
export function mutedMessage(until: Date | null): string {
  return until ? `你已被禁言至 ${muteEndText(until)}，期间不能发布、评论、举报或反馈` : '你已被永久禁言，不能发布、评论、举报或反馈';
}

/** A member's state in the console: 正常, 禁言至…, 永久禁言 or 已注销. */
export function memberStateText(m: { status: 'active' | 'deactivated'; mute: { until: string | null } | null }): string {
  if (m.status === 'deactivated') return '已注销';
  if (!m.mute) return '正常';
  return m.mute.until ? `禁言至 ${muteEndText(new Date(m.mute.until))}` : '永久禁言';
}

export const muteLengthText = (days: number | null) => (days === null ? '永久' : `${days}天`);
