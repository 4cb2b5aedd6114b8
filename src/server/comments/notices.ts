/**
 * What comments tell people (docs/spec/accounts-and-people.md §7): the idea's author hears of new comments, a comment's
 * writer of replies to it. While such a message is unread, later ones are summed up in it
 * (`sendOrSum`): "戊己 等 3 人评论了您的创意「…」，共 4 条新评论，最新一条：…", so a burst of comments
 * adds one unread message per idea, not one per comment.
 */
import type { Db, IdeaRow } from '../../../db/types.ts';
import { asSentence, sendMessage, sendOrSum, unnameActor } from '../messages/send.ts';
import type { AccountDataPart } from '../accounts/account-data.ts';
import { wantsNotice } from '../notification-settings/service.ts';

export const COMMENT_NOTICE_TITLE = { comment: '收到新评论', reply: '收到新回复' } as const;

const preview = (text: string, chars = 50) => ([...text].length > chars ? `${[...text].slice(0, chars).join('')}…` : text);

interface Notice {
  idea: IdeaRow;
  /** The commenter's shown name. */
  name: string;
  content: string;
  /** The comment's created_at. */
  at: string;
  /** Who wrote it, and the comment: the message shows the one and links to the other. */
  actorId: number;
  commentId: number;
}

/** From a member, not the system: who wrote the comment, and the comment the message leads to. */
const about = (n: Notice) => ({ sender: 'other' as const, actorId: n.actorId, commentId: n.commentId });

/** Counts what was written since `since`: comments and the people who wrote them. */
async function tally(query: ReturnType<typeof commentsSince>): Promise<{ comments: number; people: number }> {
  const row = await query.select((eb) => [eb.fn.countAll<number | string>().as('comments'), eb.fn.count<number | string>('c.user_id').distinct().as('people')]).executeTakeFirstOrThrow();
  return { comments: Number(row.comments), people: Number(row.people) };
}

function commentsSince(db: Db, ideaId: number, since: string, notBy: number) {
  return db
    .selectFrom('comments as c')
    .leftJoin('comments as answered', 'answered.id', 'c.reply_to_id')
    .where('c.idea_id', '=', ideaId)
    .where('c.held', '=', 0)
    .where('c.created_at', '>=', since)
    .where('c.user_id', '<>', notBy);
}

/** The idea's author: a comment by someone else that does not answer one of the author's own. */
export async function tellIdeaAuthor(db: Db, n: Notice): Promise<void> {
  const owner = n.idea.user_id;
  // Turned off in the author's notification settings: no message at all.
  if (!(await wantsNotice(db, owner, 'comments'))) return;
  const title = `「${n.idea.title}」`;
  await sendOrSum(
    db,
    { userId: owner, ideaId: n.idea.id, title: COMMENT_NOTICE_TITLE.comment, content: `${n.name} 评论了您的创意${title}：${preview(n.content)}`, createdAt: n.at, ...about(n) },
    async (since) => {
      // Replies to the author's own comments reach them as replies, not here.
      const { comments, people } = await tally(commentsSince(db, n.idea.id, since, owner).where((eb) => eb.or([eb('answered.user_id', 'is', null), eb('answered.user_id', '<>', owner)])));
      const who = people > 1 ? `${n.name} 等 ${people} 人` : `${n.name} `;
      return `${who}评论了您的创意${title}，共 ${comments} 条新评论，最新一条：${preview(n.content)}`;
    },
  );
}

/** The writer of the comment answered. */
export async function tellAnswered(db: Db, n: Notice & { answeredUserId: number }): Promise<void> {
  const to = n.answeredUserId;
  if (!(await wantsNotice(db, to, 'replies'))) return;
  const title = `「${n.idea.title}」`;
  await sendOrSum(
    db,
    { userId: to, ideaId: n.idea.id, title: COMMENT_NOTICE_TITLE.reply, content: `${n.name} 回复了您在${title}下的评论：${preview(n.content)}`, createdAt: n.at, ...about(n) },
    async (since) => {
      const { comments, people } = await tally(commentsSince(db, n.idea.id, since, to).where('answered.user_id', '=', to));
      const who = people > 1 ? `${n.name} 等 ${people} 人` : `${n.name} `;
      return `${who}回复了您在${title}下的评论，共 ${comments} 条新回复，最新一条：${preview(n.content)}`;
    },
  );
}

/** A deactivated commenter's notices open with 已注销用户 (「戊己 等 3 人评论了…」, 「戊己 回复了…」). */
export const commentNoticesAccountData: AccountDataPart = {
  onDeactivate: (trx, userId) => unnameActor(trx, userId, Object.values(COMMENT_NOTICE_TITLE), /^[\s\S]*?(?= (?:评论了您的创意|回复了您在|等 \d+ 人))/),
};

// ------------------------------------------------------------------ what came of a report

export const REPORT_NOTICE_TITLE = { outcome: '举报处理结果', removed: '您的评论已被删除' } as const;

/** Said to the comment's writer when an admin removes it without naming a reason (from the idea's page). */
export const REMOVAL_DEFAULT_REASON = '内容不符合社区规范';

const REPORT_OUTCOME = {
  dismissed: '经管理员核实，该评论未违反社区规范，予以保留。',
  removed: '该评论已被删除。感谢您帮助维护社区环境。',
} as const;

/**
 * Each reporter whose open report a decision closed hears what came of it, once per decision (a
 * comment taken away with its replies may close several reports of one person).
 */
export async function tellReporters(db: Db, idea: Pick<IdeaRow, 'id' | 'title'>, reporterIds: readonly number[], outcome: keyof typeof REPORT_OUTCOME): Promise<void> {
  for (const userId of new Set(reporterIds)) {
    await sendMessage(db, {
      userId,
      ideaId: idea.id,
      title: REPORT_NOTICE_TITLE.outcome,
      content: `您对创意「${idea.title}」下一条评论的举报已处理：${REPORT_OUTCOME[outcome]}`,
      sender: 'system',
    });
  }
}

/** The writer of a comment an admin removed: which comment, and why. */
export async function tellRemovedCommentAuthor(db: Db, idea: Pick<IdeaRow, 'id' | 'title'>, comment: { user_id: number; content: string }, reason: string): Promise<void> {
  await sendMessage(db, {
    userId: comment.user_id,
    ideaId: idea.id,
    title: REPORT_NOTICE_TITLE.removed,
    content: `您在创意「${idea.title}」下的评论已被管理员删除。原因：${asSentence(reason)}评论内容：${preview(comment.content)}`,
    priority: 'high',
    sender: 'admin',
  });
}
