/**
 * Feedback (docs/spec/publishing-and-browsing.md §2/§5/§7) and its admin inbox (docs/architecture.md §10): a member sends content (trimmed,
 * 1–1000 characters) with the page's user agent and address; an admin's reply reaches the member as
 * a `feedback_reply` message carrying the original text.
 */
import type { z } from 'zod';
import { dbTimeToIso, nowDb } from '../../../db/time.ts';
import type { UserRow } from '../../../db/types.ts';
import { transaction } from '../../../db/transaction.ts';
import { refuseIfMuted } from '../accounts/mutes.ts';
import { logModeration } from '../admin/log.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../kernel/errors.ts';
import { sendMessage } from '../messages/send.ts';
import { screenTexts } from '../moderation/words.ts';
import type { ZFeedbackItem } from '../../shared/outputs/messages.ts';

export const FEEDBACK_MSG = {
  sent: '感谢你的反馈，我们会认真处理',
  notFound: '反馈不存在',
  replied: '回复已发送',
} as const;

export interface FeedbackInput {
  content: string;
  userAgent?: string;
  url?: string;
}

export async function submitFeedback(deps: Deps, user: UserRow, input: FeedbackInput): Promise<{ id: number }> {
  await refuseIfMuted(deps.db, user.id);
  // Seen by the team only: block and replace apply, a hold word needs no queue of its own.
  const { content } = (await screenTexts(deps.words, { content: input.content })).texts;
  const result = await deps.db
    .insertInto('feedback')
    .values({
      user_id: user.id,
      content,
      // Context only: cut rather than refuse a long user agent or address.
      user_agent: input.userAgent?.slice(0, 500) ?? null,
      url: input.url?.slice(0, 500) ?? null,
      status: 'open',
      reply: null,
      replied_by: null,
      replied_at: null,
      created_at: nowDb(),
    })
    .executeTakeFirstOrThrow();
  return { id: Number(result.insertId) };
}

export type FeedbackItem = z.infer<typeof ZFeedbackItem>;

/** The inbox: open feedback first, then the newest. */
export async function feedbackInbox(deps: Deps): Promise<FeedbackItem[]> {
  const rows = await deps.db
    .selectFrom('feedback')
    .innerJoin('users', 'users.id', 'feedback.user_id')
    .select([
      'feedback.id',
      'feedback.content',
      'feedback.user_agent',
      'feedback.url',
      'feedback.status',
      'feedback.reply',
      'feedback.replied_at',
      'feedback.created_at',
      'users.registration_number',
      'users.nickname',
    ])
    .orderBy('feedback.status', 'asc')
    .orderBy('feedback.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    userAgent: r.user_agent,
    url: r.url,
    status: r.status,
    reply: r.reply,
    repliedAt: dbTimeToIso(r.replied_at),
    createdAt: dbTimeToIso(r.created_at)!,
    user: { registrationNumber: r.registration_number, nickname: r.nickname },
  }));
}

export async function replyToFeedback(deps: Deps, admin: UserRow, id: number, content: string): Promise<void> {
  await transaction(deps.db, async (trx) => {
    const item = await trx.selectFrom('feedback').select(['id', 'user_id', 'content']).where('id', '=', id).executeTakeFirst();
    if (!item) throw notFound(FEEDBACK_MSG.notFound);
    await trx.updateTable('feedback').set({ status: 'replied', reply: content, replied_by: admin.id, replied_at: nowDb() }).where('id', '=', id).execute();
    await sendMessage(trx, {
      userId: item.user_id,
      type: 'feedback_reply',
      sender: 'admin',
      title: '管理员回复了您的反馈',
      content,
      originalFeedback: item.content,
    });
    await logModeration(trx, { adminId: admin.id, action: 'reply_feedback', targetType: 'feedback', targetId: id, detail: content });
  });
}
