/** Follow-update, message, feedback and admin-console paths of docs/spec/publishing-and-browsing.md §7 and docs/architecture.md §10. */
import { adminLogOps } from '../admin/operations.ts';
import { feedbackOps } from '../feedback/operations.ts';
import { messageOps } from '../messages/operations.ts';
import { followOps } from '../social/operations.ts';
import { route } from './route.ts';

const FOLLOW = '关注';
const MSG = '消息';
const ADMIN = '管理';

export const messageRoutes = [
  route('get', '/follows/updates', followOps.updates, { tag: FOLLOW, summary: '关注的人最近 7 天的更新（每人：recent_ideas_count、latest_idea_time）' }),
  route('get', '/follows/updates-count', followOps.updatesCount, { tag: FOLLOW, summary: '有最近更新的关注数（count）' }),
  route('get', '/follows/user/:registrationNumber/recent', followOps.recentOf, { tag: FOLLOW, summary: '某人最近 7 天公开的创意', responses: { 404: '用户不存在' } }),
  route('get', '/messages', messageOps.list, { tag: MSG, summary: '我的消息（最新在前，含平台公告；每页 50 条，下一页用 nextCursor 作 cursor）' }),
  route('get', '/messages/unread-count', messageOps.unreadCount, { tag: MSG, summary: '未读消息数（count）' }),
  route('put', '/messages/read-all', messageOps.markAllRead, { tag: MSG, summary: '全部标记为已读' }),
  route('put', '/messages/read', messageOps.markShownRead, { tag: MSG, summary: '把看过的消息标记为已读（ids；不是自己的或已删除的忽略；count 为剩余未读数）', responses: { 400: 'ids 为空、超过 200 条或含无效 ID' } }),
  route('put', '/messages/:id/read', messageOps.markRead, { tag: MSG, summary: '标记为已读', responses: { 404: '消息不存在（或不是你的）' } }),
  route('delete', '/messages/:id', messageOps.remove, { tag: MSG, summary: '删除消息', responses: { 404: '消息不存在（或不是你的）' } }),
  route('post', '/messages/announcement', messageOps.announce, { tag: ADMIN, summary: '发布平台公告（管理员；title、content、priority）', responses: { 403: '不是管理员' } }),
  route('post', '/feedback', feedbackOps.submit, { tag: '反馈', summary: '提交反馈（content 1–1000 字，userAgent，url）', responses: { 400: '内容为空或超过 1000 字', 403: '含敏感词（moderationResult）' } }),
  route('get', '/admin/feedback', feedbackOps.inbox, { tag: ADMIN, summary: '反馈收件箱（未回复的在前，最多 200 条）' }),
  route('post', '/admin/feedback/:id/reply', feedbackOps.reply, { tag: ADMIN, summary: '回复反馈（用户收到 feedback_reply 消息，附原反馈）', responses: { 404: '反馈不存在' } }),
  route('get', '/admin/log', adminLogOps.log, { tag: ADMIN, summary: '审核操作记录（谁、何时、做了什么）' }),
];
