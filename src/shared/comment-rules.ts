/** Comment rules shared by the comments section and the server (docs/spec/accounts-and-people.md §4, §5, §8, §9). Pure: no zod, no I/O. */
import { textLength } from './text-length.ts';

export const COMMENT_MAX = 500;
/** The counter turns orange above this share of COMMENT_MAX (400 of 500). */
export const COMMENT_WARN_RATIO = 0.8;
export const COMMENT_DELETE_PREVIEW = 20;
export const COMMENT_REPORT_REASON_MAX = 200;
/** A moderator's reason for rejecting a held comment, sent to its writer (optional). */
export const HELD_COMMENT_REJECT_REASON_MAX = 200;
/** Reads of the list are retried after 2, 4 and 8 seconds before the embedded comments are shown. */
export const COMMENT_RETRY_DELAYS_MS = [2000, 4000, 8000] as const;

export type CommentInteraction = 'like' | 'dislike';

export const COMMENT_MSG = {
  required: '评论内容不能为空',
  tooLong: `评论不能超过${COMMENT_MAX}个字`,
  replyRequired: '回复内容不能为空',
  reportReasonRequired: '请填写举报原因',
  reportReasonTooLong: `举报原因不能超过${COMMENT_REPORT_REASON_MAX}个字`,
  loginToComment: '请先登录后再评论',
  loginToReact: '请先登录后再点赞或点踩',
  loginToReport: '请先登录后再举报',
  notAllowed: '该创意未开放评论',
  notFound: '评论不存在或已被删除',
  parentNotFound: '回复的评论不存在或已被删除',
  deleteForbidden: '只有评论作者、创意作者或管理员可以删除该评论',
  reportNotFound: '举报不存在',
  reportOwn: '不能举报自己的评论，如需删除请使用「删除」',
  reportClosed: '该举报已处理',
  created: '评论成功',
  replied: '回复成功',
  createdHeld: '评论已提交，管理员审核通过后其他人才能看到',
  heldBadge: '审核中，仅自己可见',
  notHeld: '该评论不在审核中',
  heldCannotPublish: '这条评论已不能公开：所在创意已删除、不再公开或已关闭评论，它回复的评论已删除，或作者已注销。请驳回它',
  heldApproved: '已通过，评论现已公开',
  heldRejected: '已驳回，评论已移除，作者会收到系统消息',
  deleted: '评论已删除',
  dismissed: '已驳回该举报',
  addFailed: '评论发送失败，请稍后重试',
  addFailedWith: (message: string) => `评论发送失败：${message}`,
  deleteFailed: '删除评论失败，请稍后重试',
  deleteFailedWith: (message: string) => `删除评论失败：${message}`,
  // Not the comment's id: a person knows which comment they reported.
  reported: '已收到你的举报，我们会尽快处理',
  forwardSoon: '转发功能即将上线，敬请期待',
  loadFailed: '评论加载失败，已显示缓存的评论',
} as const;

/** Characters as a person counts them (an emoji is one). */
export const commentLength = textLength;

/** The counter's state under the textarea. */
export function counterState(text: string): { length: number; warn: boolean; over: boolean; sendable: boolean } {
  const length = commentLength(text);
  const trimmed = text.trim().length > 0;
  return { length, warn: length > COMMENT_MAX * COMMENT_WARN_RATIO, over: length > COMMENT_MAX, sendable: trimmed && length <= COMMENT_MAX };
}

/**
 * Who may delete a comment: its writer, the idea's author (on their own idea's thread) or an admin.
 * The server refuses anyone else (403); the comments section offers 删除 only to these.
 */
export function mayDeleteComment(viewer: { id: number; role: string }, comment: { userId: number }, ideaAuthor: boolean): boolean {
  return comment.userId === viewer.id || ideaAuthor || viewer.role === 'admin';
}

/** The delete confirmation's preview: the first 20 characters, with an ellipsis when cut. */
export function deletePreview(content: string): string {
  const chars = [...content];
  return chars.length > COMMENT_DELETE_PREVIEW ? `${chars.slice(0, COMMENT_DELETE_PREVIEW).join('')}…` : content;
}

export interface CommentNodeFields {
  id: number;
  parentId: number | null;
  createdAt: string;
}

export type CommentNode<C extends CommentNodeFields> = C & { replies: C[] };

/**
 * Replies are assembled on the client (docs/spec/accounts-and-people.md §3): top-level comments newest first, each with its
 * replies oldest first (a conversation reads downwards). A reply whose parent is missing (deleted
 * meanwhile) is dropped, as the server dropped it.
 */
export function buildCommentTree<C extends CommentNodeFields>(comments: C[]): CommentNode<C>[] {
  const tops = new Map<number, CommentNode<C>>();
  for (const c of comments) if (c.parentId === null) tops.set(c.id, { ...c, replies: [] });
  for (const c of comments) if (c.parentId !== null) tops.get(c.parentId)?.replies.push(c);
  const byTime = (a: C, b: C) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;
  const list = [...tops.values()].sort((a, b) => byTime(b, a));
  for (const t of list) t.replies.sort(byTime);
  return list;
}

/** What a like or dislike click leaves: the same mark again removes it; the other one replaces it. */
export function nextInteraction(current: CommentInteraction | null, clicked: CommentInteraction): CommentInteraction | null {
  return current === clicked ? null : clicked;
}
