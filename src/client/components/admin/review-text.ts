/** What the review queue says: its messages, an idea's title, and where a hold word was found. */
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { displayTitle } from '../../../shared/idea-display.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

/** One idea of the review queue, as the server sends it. */
export type ReviewIdea = RouterOutputs['admin']['reviewQueue']['data'][number];

export const ADMIN_MSG = {
  loadFailed: '加载审核队列失败，请稍后重试',
  forbidden: '只有管理员可以访问审核后台',
  approveFailed: '操作失败，请稍后重试',
  rejectFailed: '驳回失败，请稍后重试',
  approved: (title: string) => `已通过「${title}」，该创意现已在创意市场展示`,
  approvedOwn: (title: string) => `已通过「${title}」，操作记录中已标为自审通过`,
  ownIdea: '这是你自己的创意，没有其他管理员看过；通过会在操作记录中标为自审。',
  rejected: (title: string) => `已驳回「${title}」，作者会收到包含原因的系统消息`,
  editedApproved: (title: string) => `已修改并通过「${title}」，作者会收到说明修改内容的消息`,
} as const;

export const titleOf = (idea: IdeaDto) => displayTitle(idea.title);

/** Where a hold word was found, as the queue names it. */
export function fieldLabel(field: string): string {
  const named: Record<string, string> = { title: '标题', description: '简介', tags: '标签', detailedAnalysis: '详细分析', links: '详细分析中的链接' };
  const expansion = /^expansions\[(\d+)\]$/.exec(field);
  const caption = /^captions\[(\d+)\]$/.exec(field);
  return named[field] ?? (expansion ? `扩展 ${Number(expansion[1]) + 1}` : caption ? `图片说明 ${Number(caption[1]) + 1}` : field);
}
