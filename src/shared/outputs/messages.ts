/** Messages, feedback and the admin console's answers (docs/spec/publishing-and-browsing.md §3–§9, docs/architecture.md §10). */
import { z } from 'zod';
import { ZRowId, ZTime } from './common.ts';
import { restName } from './rest-names.ts';

/** A deactivated member reads as 已注销用户 with a default avatar and no registration number. */
export const ZMessageActor = z
  .object({
    registrationNumber: z.string(),
    nickname: z.string(),
    avatarUrl: z.string(),
  })
  .meta({ id: 'MessageActor' });

export const ZMessage = z
  .object({
    id: ZRowId,
    type: z.enum(['feedback_reply', 'announcement', 'system']),
    title: z.string(),
    content: z.string(),
    priority: z.enum(['high', 'normal', 'low']),
    sender: z.enum(['system', 'admin', 'other']),
    isRead: restName('is_read', z.boolean()),
    readAt: restName('read_at', ZTime.nullable()),
    createdAt: restName('created_at', ZTime),
    /** On a feedback reply: the feedback it answers. */
    originalFeedback: restName('original_feedback', z.string().nullable()),
    /** The idea it is about (review decisions, comments and replies); it may since have gone. */
    ideaId: restName('idea_id', ZRowId.nullable()),
    /** The member it is about (sender `other`): who commented or replied, a new follower. */
    actor: ZMessageActor.nullable(),
    /** The comment a comment or reply notice leads to (`/idea/{ideaId}#comment-{commentId}`); null once it is deleted. */
    commentId: restName('comment_id', ZRowId.nullable()),
  })
  .meta({ id: 'Message' });

export const ZCreated = z.object({ id: ZRowId });

const ZPerson = z.object({ registrationNumber: z.string(), nickname: z.string() });

export const ZFeedbackItem = z
  .object({
    id: ZRowId,
    content: z.string(),
    userAgent: z.string().nullable(),
    url: z.string().nullable(),
    status: z.enum(['open', 'replied']),
    reply: z.string().nullable(),
    repliedAt: ZTime.nullable(),
    createdAt: ZTime,
    user: ZPerson,
  })
  .meta({ id: 'FeedbackItem' });

/**
 * What the moderation log records; `approve_own_idea` is an admin approving their own idea, which no
 * second person saw. `edit_approve_idea` (corrected in the queue, then approved:
 * the entry's `edits` keep both versions), a held comment approved or rejected, and the watched words
 * (added, its action changed, imported, removed), a member muted or their mute lifted (`targetType` user).
 */
export const ZModerationAction = z.enum([
  'approve_idea',
  'approve_own_idea',
  'edit_approve_idea',
  'reject_idea',
  'take_down_idea',
  'approve_comment',
  'reject_comment',
  'reply_feedback',
  'send_announcement',
  'dismiss_report',
  'delete_comment',
  'add_watched_word',
  'change_watched_word',
  'import_watched_words',
  'remove_watched_word',
  'mute_member',
  'unmute_member',
]);

export const ZModerationLogItem = z
  .object({
    id: ZRowId,
    action: ZModerationAction,
    targetType: z.enum(['idea', 'comment', 'feedback', 'announcement', 'report', 'watched_word', 'user']),
    targetId: ZRowId,
    detail: z.string().nullable(),
    createdAt: ZTime,
    /** Null once the admin's account is gone. */
    admin: ZPerson.nullable(),
    /** On `edit_approve_idea`: each field the moderator changed, before and after (the analysis as HTML, tags separated by spaces). */
    edits: z.array(z.object({ field: z.enum(['title', 'description', 'tags', 'detailedAnalysis']), before: z.string(), after: z.string() })).optional(),
  })
  .meta({ id: 'ModerationLogItem' });
