/** The admin console's own operations: what waits on its tabs (pending.ts), the moderation log (log.ts), the members and their mutes (members.ts). */
import { z } from 'zod';
import { ZUserRef } from '../../shared/ids.ts';
import { MUTE_MSG, ZMemberSearchQuery, ZMuteRequest } from '../../shared/mute-rules.ts';
import { ZModerationLogItem } from '../../shared/outputs/messages.ts';
import { ZAdminMember, ZPendingCounts } from '../../shared/outputs/moderation.ts';
import { answer, read, write } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import { moderationLog } from './log.ts';
import { muteMember, searchMembers, unmuteMember } from './members.ts';
import { pendingCounts } from './pending.ts';

export const consoleOps = {
  pendingCounts: read({
    rest: { method: 'get', path: '/admin/pending-counts', tag: REST_TAG.admin, summary: '各分类待处理的数量：review（待审核的创意与评论）、feedback（未回复的反馈）、reports（待处理的评论举报）' },
    access: 'admin',
    input: z.object({}).optional(),
    output: { data: ZPendingCounts },
    run: async ({ deps }) => answer(await pendingCounts(deps.db)),
  }),
};

export const adminLogOps = {
  log: read({
    rest: { method: 'get', path: '/admin/log', tag: REST_TAG.admin, summary: '审核操作记录（谁、何时、做了什么）' },
    access: 'admin',
    input: z.object({}).optional(),
    output: { data: z.array(ZModerationLogItem) },
    run: async ({ deps }) => answer(await moderationLog(deps.db)),
  }),
};

/** A member named in the path by 猎人编号. */
const ByMember = z.object({ registrationNumber: ZUserRef });

export const memberOps = {
  search: read({
    rest: { method: 'get', path: '/admin/users', tag: REST_TAG.admin, summary: '按手机号、猎人编号（完全一致）或昵称（包含）查找用户，最多 limit 个（默认 20，最多 50）' },
    access: 'admin',
    input: ZMemberSearchQuery,
    output: { data: z.array(ZAdminMember) },
    run: async ({ deps }, input) => answer(await searchMembers(deps, input.q, input.limit)),
  }),
  mute: write({
    rest: {
      method: 'post',
      path: '/admin/users/:registrationNumber/mute',
      tag: REST_TAG.admin,
      summary: '禁言用户（days 为 1、7、30 或 null 表示永久；reason 必填）；再次禁言会替换结束时间。用户收到系统消息，审核记录中留档',
      responses: { 403: '不能禁言管理员', 404: '用户不存在或已注销' },
    },
    changes: [],
    access: 'admin',
    input: ZMuteRequest.extend(ByMember.shape),
    output: { data: ZAdminMember },
    run: async ({ deps, user }, input) => answer(await muteMember(deps, user, input.registrationNumber, input), { message: MUTE_MSG.muted }),
  }),
  unmute: write({
    rest: {
      method: 'delete',
      path: '/admin/users/:registrationNumber/mute',
      tag: REST_TAG.admin,
      summary: '解除禁言（用户收到系统消息，审核记录中留档）',
      responses: { 400: '该用户没有被禁言', 403: '不能禁言管理员', 404: '用户不存在或已注销' },
    },
    changes: [],
    access: 'admin',
    input: ByMember,
    output: { data: ZAdminMember },
    run: async ({ deps, user }, input) => answer(await unmuteMember(deps, user, input.registrationNumber), { message: MUTE_MSG.unmuted }),
  }),
};
