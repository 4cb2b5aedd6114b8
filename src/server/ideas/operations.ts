/**
 * Idea operations (docs/spec/publishing-and-browsing.md §7, docs/architecture.md §6/§10): who may call each, its input, and its answer with
 * the success message, and the REST paths that expose it. `trpc/routers/ideas.ts` only names them.
 */
import { z } from 'zod';
import { HOT_IDEAS_DEFAULT, IMAGE_MAX_BYTES, RECYCLE_BIN_DAYS, USER_LATEST_DEFAULT } from '../../shared/idea-rules.ts';
import { ZIdeaId, ZUserRef } from '../../shared/ids.ts';
import { ZCreateIdeaRequest, ZEditApproveRequest, ZExpansionsRequest, ZFlag, ZListLimit, ZMyIdeasQuery, ZRejectRequest, ZTakeDownRequest, ZUpdateIdeaRequest } from '../../shared/idea-schemas.ts';
import { UPLOAD_FILE_NAME_PATTERN } from '../../shared/uploads.ts';
import { answer, read, write, type RestPath } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import { CACHED_IDEA_CARDS } from '../contract/changes.ts';
import { deleteIdeaImage, IMAGE_MSG, uploadIdeaImage } from './images.ts';
import { approveIdea, editAndApproveIdea, rejectIdea, REVIEW_MSG, reviewQueue, takeDownIdea } from './review.ts';
import * as ideas from './service.ts';
import * as reads from './reads.ts';
import { similarIdeas, SIMILAR_LIMIT_DEFAULT, SIMILAR_LIMIT_MAX } from './similar.ts';
import { recordView, viewCount } from './view-counts.ts';
import { viewerState } from './member-view.ts';
import { ZNoData } from '../../shared/outputs/common.ts';
import { ZReviewIdea } from '../../shared/outputs/moderation.ts';
import { ZDeletion, ZIdea, ZIdeaViewer, ZIdeaCards, ZIdeas, ZNextCursor, ZUploadedImage, ZViewCount, ZViewRecorded } from '../../shared/outputs/ideas.ts';

export const IDEA_OK = {
  draftSaved: '草稿已保存',
  published: '发布成功！待审核中...',
  publishedPublic: '发布成功！已通过自动审核，所有人可见',
  updated: '创意已更新',
  expansionsSaved: '扩展内容已保存',
  softDeleted: `已移入回收站，${RECYCLE_BIN_DAYS}天内可恢复`,
  permanentlyDeleted: '已永久删除',
  restored: '创意已恢复',
  unlocked: '已解锁详细分析',
} as const;

const ById = z.object({ id: ZIdeaId });
const Page = z.object({ limit: ZListLimit(20), cursor: z.string().max(200).optional() });
const Limit = (fallback: number) => z.object({ limit: ZListLimit(fallback) }).optional();

const publicPage = (asGuest: boolean, rest: RestPath | RestPath[]) =>
  read({
    rest,
    access: 'public',
    // The guests' list is the guests' whoever asks.
    cache: { ...CACHED_IDEA_CARDS, members: asGuest ? 'same' : 'ideas' },
    input: Page.extend({ status: z.literal('published').optional() }).optional(),
    output: { data: ZIdeaCards, extra: ZNextCursor },
    run: async (caller, input) => {
      const page = await reads.publicIdeasPage(caller.deps, asGuest ? null : (caller.auth?.user ?? null), input?.limit ?? 20, input?.cursor);
      return answer(page.items, { extra: { nextCursor: page.nextCursor } });
    },
  });

const recent = (fallback: number, rest: RestPath) =>
  read({
    rest,
    access: 'public',
    cache: { ...CACHED_IDEA_CARDS, members: 'ideas' },
    input: Limit(fallback),
    output: { data: ZIdeas },
    run: async (caller, input) => answer(await reads.recentIdeas(caller.deps, caller.auth?.user ?? null, input?.limit ?? fallback)),
  });

/** What a publish says: public at once (the automatic review approved it), or waiting for a moderator. */
const publishedMessage = (idea: { moderationStatus: string }) => (idea.moderationStatus === 'approved' ? IDEA_OK.publishedPublic : IDEA_OK.published);

export const ideaOps = {
  create: write({
    rest: {
      method: 'post',
      path: '/ideas',
      tag: REST_TAG.ideas,
      summary: '新建创意（草稿或发布）',
      responses: { 403: '含敏感词（moderationResult）', 409: '重复内容（duplicateInfo）', 429: '操作过于频繁' },
    },
    access: 'member',
    input: ZCreateIdeaRequest,
    output: { data: ZIdea, status: 201 },
    run: async ({ deps, user }, input) => {
      const idea = await ideas.createIdea(deps, user, input);
      return answer(idea, { status: 201, message: idea.status === 'published' ? publishedMessage(idea) : IDEA_OK.draftSaved, about: idea.id });
    },
  }),
  update: write({
    rest: {
      method: 'put',
      path: '/ideas/:id',
      tag: REST_TAG.ideas,
      summary: '修改创意（作者；以 published 保存会重新审核）',
      responses: { 403: '不是作者，或含敏感词', 404: '不存在', 409: '重复内容', 429: '发布过于频繁' },
    },
    limit: 'edits',
    access: 'member',
    input: ZUpdateIdeaRequest.extend({ id: ZIdeaId }),
    output: { data: ZIdea },
    run: async ({ deps, user }, input) => answer(await ideas.updateIdea(deps, user, input.id, input), { message: IDEA_OK.updated, about: input.id }),
  }),
  publishDraft: write({
    rest: { method: 'put', path: '/ideas/:id/publish', tag: REST_TAG.ideas, summary: '发布草稿', responses: { 403: '不是作者，或含敏感词', 404: '不存在', 409: '重复内容', 429: '发布过于频繁' } },
    access: 'member',
    input: ById,
    output: { data: ZIdea },
    run: async ({ deps, user }, input) => {
      const idea = await ideas.publishDraft(deps, user, input.id);
      return answer(idea, { message: publishedMessage(idea), about: input.id });
    },
  }),
  updateExpansions: write({
    rest: { method: 'put', path: '/ideas/:id/expansions', tag: REST_TAG.ideas, summary: '替换创意扩展（作者）', responses: { 403: '不是作者，或含敏感词', 404: '不存在' } },
    limit: 'edits',
    access: 'member',
    input: ZExpansionsRequest.extend({ id: ZIdeaId }),
    output: { data: ZIdea },
    run: async ({ deps, user }, input) => answer(await ideas.replaceExpansions(deps, user, input.id, input.expansions), { message: IDEA_OK.expansionsSaved, about: input.id }),
  }),
  remove: write({
    rest: { method: 'delete', path: '/ideas/:id', tag: REST_TAG.ideas, summary: '删除创意（默认移入回收站；force=true 永久删除）', responses: { 403: '不是作者', 404: '不存在或无权操作' } },
    limit: 'edits',
    access: 'member',
    input: ById.extend({ force: ZFlag.optional() }),
    output: { data: ZDeletion, restBeside: ['deletionType'] },
    run: async ({ deps, user }, input) => {
      const result = await ideas.deleteIdea(deps, user, input.id, input.force ?? false);
      return answer(result, { message: result.deletionType === 'soft' ? IDEA_OK.softDeleted : IDEA_OK.permanentlyDeleted, about: input.id });
    },
  }),
  restore: write({
    rest: {
      method: 'post',
      path: '/ideas/:id/restore',
      tag: REST_TAG.ideas,
      summary: '从回收站恢复（7 天内）',
      responses: { 400: '不在回收站里', 403: '不是作者', 404: '不存在或已永久删除', 409: '已有内容完全相同的公开创意（duplicateInfo）', 410: '已超过恢复期限' },
    },
    limit: 'edits',
    access: 'member',
    input: ById,
    output: { data: ZIdea },
    run: async ({ deps, user }, input) => answer(await ideas.restoreIdea(deps, user, input.id), { message: IDEA_OK.restored, about: input.id }),
  }),
  purchase: write({
    rest: { method: 'post', path: '/ideas/:id/purchase', tag: REST_TAG.ideas, summary: '解锁详细分析（价格为 0）', responses: { 404: '不存在或不可见' } },
    changes: [],
    limit: 'unlocks',
    access: 'member',
    // The spec's body carries userId; the buyer is always the session's user.
    input: ById.extend({ userId: z.unknown().optional() }),
    output: { data: z.boolean() },
    run: async ({ deps, user }, input) => answer(await reads.purchaseIdea(deps, user, input.id), { message: IDEA_OK.unlocked }),
  }),
  uploadImage: write({
    rest: {
      method: 'post',
      path: '/upload/idea-image',
      tag: REST_TAG.uploads,
      summary: '上传创意图片（multipart：file，可选 ideaId；没有 ideaId 时图片暂存，保存创意时归入该创意）',
      operationId: 'ideas.uploadImage',
      responses: { 403: '不是该创意的作者', 404: '创意不存在', 413: '超过 10MB', 415: '不是图片', 429: '上传过于频繁', 503: '图片存储暂时不可用（对象存储无法访问）' },
      upload: { field: 'file', description: '图片文件', maxBytes: IMAGE_MAX_BYTES, tooLarge: IMAGE_MSG.tooLarge, malformed: IMAGE_MSG.malformed },
    },
    access: 'member',
    // Without ideaId the image is held for the uploader until an idea is saved showing it.
    input: z.object({
      ideaId: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZIdeaId.optional()),
      file: z.instanceof(Buffer).optional(),
    }),
    output: { data: ZUploadedImage, restBeside: ['fileName', 'url'], status: 201 },
    run: async ({ deps, user }, input) => {
      const image = await uploadIdeaImage(deps, user, input.ideaId, input.file);
      // An image held for a later save (no idea) changes nothing public: scoped to no idea (0), it drops only the lists.
      return answer(image, { status: 201, message: IMAGE_MSG.uploaded, about: input.ideaId ?? 0 });
    },
  }),
  deleteImage: write({
    rest: {
      method: 'delete',
      path: '/upload/idea-image/:fileName',
      tag: REST_TAG.uploads,
      summary: '删除创意图片（创意作者，或暂存图片的上传者）',
      responses: { 403: '不是该创意的作者', 404: '不存在或无权删除' },
    },
    access: 'member',
    input: z.object({ fileName: z.string().regex(UPLOAD_FILE_NAME_PATTERN, '文件名无效') }),
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      await deleteIdeaImage(deps, user, input.fileName);
      return answer(null, { message: IMAGE_MSG.deleted });
    },
  }),

  recordView: write({
    rest: { method: 'post', path: '/ideas/view', tag: REST_TAG.ideas, summary: '记录浏览（同一浏览者每天每个创意计一次；作者本人不计）', responses: { 404: '创意不存在或已被删除' } },
    // Views arrive as often as pages are read: a card's view count on a cached page lags by at most
    // CACHE_TTL_MS (2 s) instead of the fast lane going cold.
    changes: ['counts'],
    limit: 'views',
    access: 'public',
    // The spec's body carries userId; the viewer is always the session's user (or the guest's address).
    input: z.object({ ideaId: ZIdeaId, userId: z.unknown().optional() }),
    output: { data: ZViewRecorded },
    run: async ({ deps, auth, ip }, input) => answer(await recordView(deps, auth?.user ?? null, ip, input.ideaId)),
  }),
  viewCount: read({
    rest: { method: 'get', path: '/ideas/:id/view-count', tag: REST_TAG.ideas, summary: '浏览次数（data.viewCount）', responses: { 404: '创意不存在或不可见' } },
    access: 'public',
    input: ById,
    output: { data: ZViewCount },
    run: async ({ deps, auth }, input) => answer(await viewCount(deps, auth?.user ?? null, input.id)),
  }),
  similar: read({
    rest: { method: 'get', path: '/ideas/:id/similar', tag: REST_TAG.ideas, summary: '相似创意（共享标签或标题词语，最相似的在前；limit 默认 6）', responses: { 404: '创意不存在或不可见' } },
    access: 'public',
    cache: { ...CACHED_IDEA_CARDS, members: 'ideas' },
    // At most 20 (the page shows 6): taken down when parsed, so limit=21…100 share limit=20's cache
    // entry instead of making 80 more per idea (a hostile review).
    input: ById.extend({ limit: ZListLimit(SIMILAR_LIMIT_DEFAULT).overwrite((n) => Math.min(n, SIMILAR_LIMIT_MAX)) }),
    output: { data: ZIdeaCards },
    run: async ({ deps, auth }, input) => answer(await similarIdeas(deps, auth?.user ?? null, input.id, input.limit)),
  }),

  // The one member read beside an idea's shared page: favourite, follow, unlock, ownership, comment marks.
  viewer: read({
    rest: {
      method: 'get',
      path: '/ideas/:id/viewer',
      tag: REST_TAG.ideas,
      summary: '我与这个创意的关系：是否收藏、关注作者、已解锁、是作者，以及我对其评论的点赞/点踩',
      responses: { 404: '不存在或不可见' },
    },
    access: 'member',
    hot: true,
    input: ById,
    output: { data: ZIdeaViewer },
    run: async ({ deps, user }, input) => answer(await viewerState(deps, user, input.id)),
  }),
  byId: read({
    rest: { method: 'get', path: '/ideas/:id', tag: REST_TAG.ideas, summary: '单个创意（未公开的只对作者可见；详细分析仅作者与已解锁者可见）', responses: { 404: '不存在或不可见' } },
    access: 'public',
    // The public body of an idea, comments included: one per idea, kept until a write about it (or
    // about no one idea) changes it; members share it unless it is theirs or they unlocked it.
    cache: { shows: ['ideas', 'comments'], about: (input) => input.id, members: 'ideas' },
    input: ById,
    output: { data: ZIdea },
    run: async ({ deps, auth }, input) => answer(await reads.getIdea(deps, auth?.user ?? null, input.id)),
  }),
  my: read({
    rest: {
      method: 'get',
      path: '/ideas/my',
      tag: REST_TAG.ideas,
      summary: '我的创意（status=published|draft|deleted|all；最近改动的在前，回收站按删除时间；每页 50 个，nextCursor 传给 ?cursor= 取下一页，cursor 只用于同一个 status）',
    },
    access: 'member',
    input: ZMyIdeasQuery,
    output: { data: ZIdeas, extra: ZNextCursor },
    run: async ({ deps, user }, input) => {
      const page = await reads.myIdeas(deps, user, input.status, input.cursor);
      return answer(page.items, { extra: { nextCursor: page.nextCursor } });
    },
  }),
  publicPage: publicPage(false, [
    { method: 'get', path: '/ideas', tag: REST_TAG.ideas, summary: '已公开的创意（分页，status=published）' },
    { method: 'get', path: '/ideas/all', tag: REST_TAG.ideas, summary: '全部已公开的创意（分页）', operationId: 'ideas.publicPageAll' },
  ]),
  guestPage: publicPage(true, { method: 'get', path: '/ideas/guest', tag: REST_TAG.ideas, summary: '游客可见的创意（分析锁定）' }),
  recent: recent(10, { method: 'get', path: '/ideas/recent', tag: REST_TAG.ideas, summary: '最新公开的创意' }),
  allVersions: recent(50, { method: 'get', path: '/ideas/all-versions', tag: REST_TAG.ideas, summary: '全部公开创意（首页备用列表）' }),
  hot: read({
    rest: { method: 'get', path: '/ideas/hot', tag: REST_TAG.ideas, summary: '热门创意（收藏数优先，其次最新）' },
    access: 'public',
    cache: { ...CACHED_IDEA_CARDS, members: 'ideas' },
    input: Limit(HOT_IDEAS_DEFAULT),
    output: { data: ZIdeas },
    run: async ({ deps, auth }, input) => answer(await reads.hotIdeas(deps, auth?.user ?? null, input?.limit)),
  }),
  userLatest: read({
    rest: { method: 'get', path: '/ideas/user/latest', tag: REST_TAG.ideas, summary: '我最近的创意' },
    access: 'member',
    input: Limit(USER_LATEST_DEFAULT),
    output: { data: ZIdeas },
    run: async ({ deps, user }, input) => answer(await reads.latestOwnIdeas(deps, user, input?.limit)),
  }),
  userPublic: read({
    rest: { method: 'get', path: '/ideas/user/:id', tag: REST_TAG.ideas, summary: '某用户已公开的创意（编号或 ID；category 参数被忽略）', responses: { 404: '用户不存在' } },
    access: 'public',
    cache: { ...CACHED_IDEA_CARDS, members: 'ideas' },
    // `category` is accepted and ignored (docs/architecture.md §10): dropped once parsed, so it is not part of the
    // cached page's key (any text in it made a new entry, a way to push real pages out of the cache).
    input: z.object({
      id: ZUserRef,
      limit: ZListLimit(50),
      cursor: z.string().max(200).optional(),
      category: z
        .string()
        .max(200)
        .optional()
        .transform(() => undefined),
    }),
    output: { data: ZIdeaCards, extra: ZNextCursor },
    run: async ({ deps, auth }, input) => {
      const page = await reads.userPublicIdeas(deps, auth?.user ?? null, input.id, input.limit, input.cursor);
      return answer(page.items, { extra: { nextCursor: page.nextCursor } });
    },
  }),
  purchases: read({
    rest: { method: 'get', path: '/ideas/purchases', tag: REST_TAG.ideas, summary: '我解锁过的创意' },
    access: 'member',
    input: z.object({}).optional(),
    output: { data: ZIdeas },
    run: async ({ deps, user }) => answer(await reads.purchasedIdeas(deps, user)),
  }),
};

export const reviewOps = {
  queue: read({
    rest: { method: 'get', path: '/admin/review', tag: REST_TAG.admin, summary: '待审核的创意（最早提交的在前，最多 200 个；附进入审核的原因和上次的审核决定）' },
    access: 'admin',
    input: z.object({}).optional(),
    output: { data: z.array(ZReviewIdea) },
    run: async ({ deps, user }) => answer(await reviewQueue(deps, user)),
  }),
  approve: write({
    rest: { method: 'post', path: '/admin/ideas/:id/approve', tag: REST_TAG.admin, summary: '审核通过', responses: { 400: '不在审核中', 404: '创意不存在' } },
    access: 'admin',
    input: ById,
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      const { ownIdea } = await approveIdea(deps, user, input.id);
      return answer(null, { message: ownIdea ? REVIEW_MSG.approvedOwn : REVIEW_MSG.approved, about: input.id });
    },
  }),
  editApprove: write({
    rest: {
      method: 'post',
      path: '/admin/ideas/:id/edit-approve',
      tag: REST_TAG.admin,
      summary: '修改后通过（title、description、tags、detailedAnalysis 任选，可附 note 给作者）：作者收到说明修改内容的消息，操作记录保留修改前后的两个版本',
      responses: { 400: '没有修改、标题为空或不在审核中', 403: '修改后的内容含敏感词（moderationResult）', 404: '创意不存在', 409: '修改后的内容与已公开的创意完全相同（duplicateInfo）' },
    },
    access: 'admin',
    input: ById.extend(ZEditApproveRequest.shape),
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      await editAndApproveIdea(deps, user, input.id, { ...input, note: input.note || undefined });
      return answer(null, { message: REVIEW_MSG.editedApproved, about: input.id });
    },
  }),
  reject: write({
    rest: { method: 'post', path: '/admin/ideas/:id/reject', tag: REST_TAG.admin, summary: '驳回（附原因）', responses: { 400: '原因为空或过长，或不在审核中', 404: '创意不存在' } },
    access: 'admin',
    input: ById.extend(ZRejectRequest.shape),
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      await rejectIdea(deps, user, input.id, input.reason);
      return answer(null, { message: REVIEW_MSG.rejected, about: input.id });
    },
  }),
  // What slipped through review: a public idea back out of view, with the reason for its author.
  takeDown: write({
    rest: {
      method: 'post',
      path: '/admin/ideas/:id/take-down',
      tag: REST_TAG.admin,
      summary: '下架已公开的创意（附原因）：变为未通过审核，作者收到消息，再次发布需管理员审核',
      responses: { 400: '原因为空或过长，或创意当前不是公开状态', 404: '创意不存在' },
    },
    access: 'admin',
    input: ById.extend(ZTakeDownRequest.shape),
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      await takeDownIdea(deps, user, input.id, input.reason);
      return answer(null, { message: REVIEW_MSG.takenDown, about: input.id });
    },
  }),
};
