/**
 * People's own data (PIPL art. 45, the right of access and copy): everything the product
 * holds about a member, as one ZIP archive — JSON files by kind (profile, ideas with their images,
 * drafts, comments, favourites, follows, messages, feedback, other activity) and the image files of
 * their ideas — downloaded from the security dialog (`GET /api/account/export`).
 *
 * Only the member's own rows are read (`user_id`, `follower_id`, `reporter_id` … = the member). What
 * others wrote is not theirs: comments on their ideas, who follows them (the count only), what a
 * reported comment said. An idea of someone else's is named by its title only while it is public.
 *
 * Built without blocking the server: the queries are asynchronous, each JSON file is deflated on
 * zlib's thread pool, images are read one at a time and the archive is streamed to the response
 * with backpressure (infrastructure/zip.ts). Limited per member (RATE_EXPORTS_PER_DAY).
 *
 * The right of deletion is deactivation (docs/architecture.md §10, accounts/service.ts), unchanged.
 */
import type { Writable } from 'node:stream';
import { dbTimeToIso } from '../../../db/time.ts';
import type { UserRow } from '../../../db/types.ts';
import type { Deps } from '../deps.ts';
import { ZipWriter } from '../infrastructure/zip.ts';
import { publicIdeas } from '../ideas/visibility.ts';
import { readNotificationSettings } from '../notification-settings/service.ts';

export const EXPORT_MSG = {
  tooFrequent: '导出过于频繁，请明天再试',
} as const;

const iso = (t: string | null) => dbTimeToIso(t);

/** The image files of the member's ideas and uploads not yet saved into one: where each goes in the archive. */
interface ArchivedImage {
  fileName: string;
  path: string;
}

/** Ideas read per query while ideas.json is written: a page of analyses is at most ~2 MB of text. */
const IDEA_PAGE = 10;

/** The member's ideas of one status, a page at a time, as the archive shows them; their images noted in `archived`. */
async function* ideasOf(deps: Deps, me: number, status: 'published' | 'draft', archived: ArchivedImage[]): AsyncGenerator<unknown[]> {
  const db = deps.db;
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('ideas').selectAll().where('user_id', '=', me).where('status', '=', status).where('id', '>', after).orderBy('id').limit(IDEA_PAGE).execute();
    if (!rows.length) return;
    after = rows[rows.length - 1].id;
    const ids = rows.map((r) => r.id);
    const [tags, expansions, images] = await Promise.all([
      db.selectFrom('idea_tags').select(['idea_id', 'tag']).where('idea_id', 'in', ids).orderBy('idea_id').orderBy('position').execute(),
      db.selectFrom('idea_expansions').select(['idea_id', 'content', 'created_at']).where('idea_id', 'in', ids).orderBy('idea_id').orderBy('position').execute(),
      db.selectFrom('idea_images').select(['idea_id', 'file_name', 'width', 'height', 'bytes', 'created_at']).where('idea_id', 'in', ids).orderBy('id').execute(),
    ]);
    yield rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      detailedAnalysis: row.detailed_analysis,
      tags: tags.filter((t) => t.idea_id === row.id).map((t) => t.tag),
      expansions: expansions.filter((e) => e.idea_id === row.id).map((e) => ({ content: e.content, createdAt: iso(e.created_at) })),
      images: images
        .filter((i) => i.idea_id === row.id)
        .map((i) => {
          const path = `images/idea-${row.id}/${i.file_name}`;
          archived.push({ fileName: i.file_name, path });
          return { file: path, url: deps.storage.url(i.file_name), width: i.width, height: i.height, bytes: i.bytes, uploadedAt: iso(i.created_at) };
        }),
      status: row.status,
      moderationStatus: row.moderation_status,
      rejectionReason: row.rejection_reason,
      marketIdentifier: row.market_identifier,
      allowComments: !!row.allow_comments,
      showSimilar: !!row.show_similar,
      viewCount: row.view_count,
      favoriteCount: row.favorite_count,
      commentCount: row.comment_count,
      inRecycleBin: !!row.is_deleted,
      deletedAt: iso(row.deleted_at),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      publishedAt: iso(row.published_at),
      reviewedAt: iso(row.reviewed_at),
    }));
  }
}

/** Rows per piece of a long JSON array, so no single stringify holds the event loop. */
const JSON_PIECE = 200;

async function* inPieces<T>(items: T[]): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += JSON_PIECE) yield items.slice(i, i + JSON_PIECE);
}

/** A JSON array written piece by piece (each element as JSON.stringify(·, null, 2) gives it). */
async function* jsonArray(pages: AsyncIterable<unknown[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of pages) {
    let text = '';
    for (const item of page) {
      text += `${first ? '\n' : ',\n'}${JSON.stringify(item, null, 2)}`;
      first = false;
    }
    yield text;
  }
  yield first ? ']\n' : '\n]\n';
}

async function collect(deps: Deps, user: UserRow) {
  const db = deps.db;
  const me = user.id;
  const profileRow = await db.selectFrom('users').selectAll().where('id', '=', me).executeTakeFirstOrThrow();

  // Only ids and titles here: the ideas themselves are read a page at a time as ideas.json is written.
  const ideaRows = await db.selectFrom('ideas').select(['id', 'title', 'status']).where('user_id', '=', me).orderBy('id').execute();
  const ideaIds = ideaRows.map((i) => i.id);
  const pending = await db.selectFrom('pending_uploads').select(['file_name', 'created_at']).where('user_id', '=', me).execute();
  const archived: ArchivedImage[] = [];
  const unsavedUploads = pending.map((p) => {
    const path = `images/unsaved/${p.file_name}`;
    archived.push({ fileName: p.file_name, path });
    return { file: path, uploadedAt: iso(p.created_at) };
  });
  const ideaPages = (status: 'published' | 'draft') => ideasOf(deps, me, status, archived);

  /** Titles of others' ideas the member's rows point at, only while those ideas are public. */
  const titleOf = async (ids: number[]) => {
    const unique = [...new Set(ids)].filter((id) => !ideaIds.includes(id));
    const titles = new Map<number, string>(ideaRows.map((r) => [r.id, r.title]));
    for (let i = 0; i < unique.length; i += 500) {
      for (const r of await publicIdeas(db)
        .where('ideas.id', 'in', unique.slice(i, i + 500))
        .select(['ideas.id', 'ideas.title'])
        .execute())
        titles.set(r.id, r.title);
    }
    return titles;
  };

  const commentRows = await db.selectFrom('comments').selectAll().where('user_id', '=', me).orderBy('id').execute();
  const favoriteRows = await db.selectFrom('favorites').select(['idea_id', 'created_at']).where('user_id', '=', me).orderBy('created_at').execute();
  const unlockRows = await db.selectFrom('idea_purchases').select(['idea_id', 'price', 'created_at']).where('user_id', '=', me).orderBy('created_at').execute();
  const titles = await titleOf([...commentRows.map((c) => c.idea_id), ...favoriteRows.map((f) => f.idea_id), ...unlockRows.map((u) => u.idea_id)]);
  const named = (id: number) => ({ ideaId: id, ideaTitle: titles.get(id) ?? null });

  const comments = commentRows.map((c) => ({
    id: c.id,
    ...named(c.idea_id),
    parentId: c.parent_id,
    replyTo: c.reply_to_id,
    content: c.content,
    likeCount: c.like_count,
    dislikeCount: c.dislike_count,
    heldForReview: !!c.held,
    createdAt: iso(c.created_at),
  }));
  const favorites = favoriteRows.map((f) => ({ ...named(f.idea_id), favoritedAt: iso(f.created_at) }));

  const following = await db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', 'follows.followee_id')
    .select(['users.registration_number', 'users.nickname', 'follows.created_at'])
    .where('follows.follower_id', '=', me)
    .where('users.status', '=', 'active')
    .orderBy('follows.created_at')
    .execute();

  const messageRows = await db.selectFrom('messages').selectAll().where('user_id', '=', me).orderBy('id').execute();
  const messages = messageRows.map((m) => ({
    id: m.id,
    type: m.type,
    title: m.title,
    content: m.content,
    priority: m.priority,
    sender: m.sender,
    isRead: !!m.is_read,
    readAt: iso(m.read_at),
    ideaId: m.idea_id,
    originalFeedback: m.original_feedback,
    createdAt: iso(m.created_at),
  }));

  const feedbackRows = await db.selectFrom('feedback').selectAll().where('user_id', '=', me).orderBy('id').execute();
  const feedback = feedbackRows.map((f) => ({
    id: f.id,
    content: f.content,
    page: f.url,
    userAgent: f.user_agent,
    status: f.status,
    reply: f.reply,
    repliedAt: iso(f.replied_at),
    createdAt: iso(f.created_at),
  }));

  const [reactions, reports, sessions] = await Promise.all([
    db.selectFrom('comment_reactions').select(['comment_id', 'kind', 'created_at']).where('user_id', '=', me).orderBy('created_at').execute(),
    db.selectFrom('comment_reports').select(['comment_id', 'idea_id', 'reason', 'status', 'created_at', 'resolved_at']).where('reporter_id', '=', me).orderBy('id').execute(),
    db.selectFrom('sessions').select(['created_at', 'last_active_at']).where('user_id', '=', me).orderBy('created_at').execute(),
  ]);

  const notificationSettings = await readNotificationSettings(db, me);

  const sections = {
    'profile.json': {
      registrationNumber: profileRow.registration_number,
      nickname: profileRow.nickname,
      phone: profileRow.phone,
      email: profileRow.email,
      avatarUrl: profileRow.avatar_url,
      bio: profileRow.bio,
      role: profileRow.role,
      status: profileRow.status,
      followerCount: profileRow.follower_count,
      // Which notices the member turned off (all true: none).
      notificationSettings,
      createdAt: iso(profileRow.created_at),
      updatedAt: iso(profileRow.updated_at),
    },
    'ideas.json': ideaPages('published'),
    'drafts.json': ideaPages('draft'),
    'unsaved-uploads.json': unsavedUploads,
    'comments.json': comments,
    'favorites.json': favorites,
    'follows.json': {
      following: following.map((f) => ({ registrationNumber: f.registration_number, nickname: f.nickname, followedAt: iso(f.created_at) })),
      // Who follows the member is the followers' own data; the count is the member's.
      followerCount: profileRow.follower_count,
    },
    'messages.json': messages,
    'feedback.json': feedback,
    'activity.json': {
      unlockedAnalyses: unlockRows.map((u) => ({ ...named(u.idea_id), price: u.price, unlockedAt: iso(u.created_at) })),
      commentReactions: reactions.map((r) => ({ commentId: r.comment_id, kind: r.kind, at: iso(r.created_at) })),
      // The reason is the member's; what the reported comment said is its writer's.
      reportsFiled: reports.map((r) => ({ commentId: r.comment_id, ideaId: r.idea_id, reason: r.reason, status: r.status, createdAt: iso(r.created_at), resolvedAt: iso(r.resolved_at) })),
      loginSessions: sessions.map((s) => ({ startedAt: iso(s.created_at), lastActiveAt: iso(s.last_active_at) })),
    },
  };
  const count = (status: string) => ideaRows.filter((r) => r.status === status).length;
  return {
    sections,
    images: archived,
    counts: {
      ideas: count('published'),
      drafts: count('draft'),
      comments: comments.length,
      favorites: favorites.length,
      following: following.length,
      messages: messages.length,
      feedback: feedback.length,
    },
  };
}

function readme(user: UserRow, at: Date, counts: Record<string, number>, missing: string[]): string {
  return [
    `猎人创意社区 · 个人数据副本`,
    ``,
    `用户编号：${user.registration_number}`,
    `导出时间：${at.toISOString()}（UTC）`,
    ``,
    `这是本平台保存的关于您的全部个人信息的副本（《个人信息保护法》第四十五条：查阅、复制权）。`,
    `JSON 文件为 UTF-8 编码，时间均为 UTC（ISO 8601）。`,
    ``,
    `profile.json    个人资料：编号、昵称、手机号、邮箱、头像、简介、通知设置、注册时间`,
    `ideas.json      已发布的创意（含审核中、被驳回、回收站中的），含详细分析、标签、扩展和图片（${counts.ideas} 个）`,
    `drafts.json     草稿（${counts.drafts} 个）`,
    `unsaved-uploads.json  上传后尚未保存进创意的图片`,
    `comments.json   您发表的评论和回复（${counts.comments} 条）`,
    `favorites.json  您的收藏（${counts.favorites} 个）；他人的创意已不公开时只保留编号`,
    `follows.json    您关注的人（${counts.following} 位）和关注您的人数`,
    `messages.json   您收到的消息（${counts.messages} 条）`,
    `feedback.json   您提交的反馈及回复（${counts.feedback} 条）`,
    `activity.json   解锁的详细分析、点赞点踩、举报、登录会话的时间`,
    `images/         您的创意中的图片（images/idea-<创意编号>/）和未保存的上传（images/unsaved/）`,
    ...(missing.length ? [``, `以下图片的文件已不存在，未能放入副本：${missing.join('、')}`] : []),
    ``,
    `删除权（第四十七条）：您可以随时删除自己的创意、草稿和评论；在「安全设置 → 注销账号」注销后，`,
    `您的手机号被释放、登录会话全部结束，创意从所有公开位置移除并随回收站清理删除，收藏和关注被删除，`,
    `评论显示为「已注销用户」。`,
    ``,
  ].join('\n');
}

/** Writes the member's archive to `out` (the HTTP response): JSON files, then the images, then the directory. */
export async function writeMemberArchive(deps: Deps, user: UserRow, out: Writable, at = new Date()): Promise<void> {
  const { sections, images, counts } = await collect(deps, user);
  const zip = new ZipWriter(out, at);
  for (const [name, value] of Object.entries(sections)) {
    if (Array.isArray(value)) await zip.addStream(name, jsonArray(inPieces(value as unknown[])));
    else if (isAsyncIterable(value)) await zip.addStream(name, jsonArray(value));
    else await zip.add(name, `${JSON.stringify(value, null, 2)}\n`);
  }
  const missing: string[] = [];
  for (const image of images) {
    const bytes = await deps.storage.read(image.fileName);
    if (bytes) await zip.add(image.path, bytes, false);
    else missing.push(image.path);
  }
  await zip.add('README.txt', readme(user, at, counts, missing));
  await zip.finish();
}

const isAsyncIterable = (v: unknown): v is AsyncIterable<unknown[]> => typeof v === 'object' && v !== null && Symbol.asyncIterator in v;

/** The archive's file name: `hunter-data-bx000123-20261126.zip`. */
export const exportFileName = (user: UserRow, at = new Date()) => `hunter-data-${user.registration_number}-${at.toISOString().slice(0, 10).replace(/-/g, '')}.zip`;
