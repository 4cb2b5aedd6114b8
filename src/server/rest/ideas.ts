/** Idea, upload and review paths of publishing §7 and DESIGN §6/§10. Order matters: fixed paths before /ideas/:id. */
import type { RequestHandler } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { HOT_IDEAS_DEFAULT, IMAGE_MAX_BYTES, USER_LATEST_DEFAULT } from '../../shared/idea-rules.ts';
import { ZCreateIdeaRequest, ZUpdateIdeaRequest, ZExpansionsRequest, ZIdeaId, ZListLimit, ZMyIdeasQuery, ZRejectRequest } from '../../shared/idea-schemas.ts';
import * as ideas from '../services/ideas.ts';
import { deleteIdeaImage, IMAGE_MSG, uploadIdeaImage } from '../services/images.ts';
import * as review from '../services/review.ts';
import { AppError, badRequest } from '../errors.ts';
import { defineRoute, member, reply, sendError, type RestCall } from './route.ts';

const TAG = '创意';
const ById = z.object({ id: ZIdeaId });
const PageQuery = z.object({ limit: ZListLimit(20), cursor: z.string().optional() });
const LimitQuery = (fallback: number) => z.object({ limit: ZListLimit(fallback) });

/** Public ideas in keyset pages: `data` is the page, `nextCursor` is null at the end (DESIGN §6). */
function publicPage({ asGuest }: { asGuest: boolean }) {
  return async ({ deps, auth, query }: RestCall<unknown, z.infer<typeof PageQuery>, unknown>) => {
    const page = await ideas.publicIdeasPage(deps, asGuest ? null : (auth?.user ?? null), query.limit, query.cursor);
    return reply(page.items, { extra: { nextCursor: page.nextCursor } });
  };
}

/** Multipart parsing by multer; the size limit makes a 12 MB file a 413 before it is read whole. */
const parseImageUpload = multer({ storage: multer.memoryStorage(), limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5 } }).single('file');

const imageUpload: RequestHandler = (req, res, next) => {
  parseImageUpload(req, res, (err: unknown) => {
    if (!err) return next();
    const code = (err as { code?: string }).code;
    sendError(res, code === 'LIMIT_FILE_SIZE' ? new AppError('PAYLOAD_TOO_LARGE', IMAGE_MSG.tooLarge) : badRequest(UPLOAD_MALFORMED));
  });
};
export const UPLOAD_MALFORMED = '上传内容格式不正确，请用 multipart/form-data 提交 file 和 ideaId';

export const ideaRoutes = [
  defineRoute({
    method: 'post', path: '/ideas', tag: TAG, access: 'member', summary: '新建创意（草稿或发布）',
    body: ZCreateIdeaRequest, responses: { 403: '含敏感词（moderationResult）', 409: '重复内容（duplicateInfo）' },
    handler: async (call) => {
      const idea = await ideas.createIdea(call.deps, member(call).user, call.body);
      return reply(idea, { status: 201, message: idea.status === 'published' ? ideas.IDEA_OK.published : ideas.IDEA_OK.draftSaved });
    },
  }),
  defineRoute({
    method: 'get', path: '/ideas', tag: TAG, access: 'public', summary: '已公开的创意（分页，status=published）',
    query: PageQuery.extend({ status: z.literal('published').optional() }),
    handler: publicPage({ asGuest: false }),
  }),
  defineRoute({
    method: 'get', path: '/ideas/all', tag: TAG, access: 'public', summary: '全部已公开的创意（分页）',
    query: PageQuery,
    handler: publicPage({ asGuest: false }),
  }),
  defineRoute({
    method: 'get', path: '/ideas/recent', tag: TAG, access: 'public', summary: '最新公开的创意',
    query: LimitQuery(10),
    handler: async ({ deps, auth, query }) => reply(await ideas.recentIdeas(deps, auth?.user ?? null, query.limit)),
  }),
  defineRoute({
    method: 'get', path: '/ideas/guest', tag: TAG, access: 'public', summary: '游客可见的创意（分析锁定）',
    query: PageQuery,
    handler: publicPage({ asGuest: true }),
  }),
  defineRoute({
    method: 'get', path: '/ideas/hot', tag: TAG, access: 'public', summary: '热门创意（收藏数优先，其次最新）',
    query: LimitQuery(HOT_IDEAS_DEFAULT),
    handler: async ({ deps, auth, query }) => reply(await ideas.hotIdeas(deps, auth?.user ?? null, query.limit)),
  }),
  defineRoute({
    method: 'get', path: '/ideas/all-versions', tag: TAG, access: 'public', summary: '全部公开创意（首页备用列表）',
    query: LimitQuery(50),
    handler: async ({ deps, auth, query }) => reply(await ideas.recentIdeas(deps, auth?.user ?? null, query.limit)),
  }),
  defineRoute({
    method: 'get', path: '/ideas/user/latest', tag: TAG, access: 'member', summary: '我最近的创意',
    query: LimitQuery(USER_LATEST_DEFAULT),
    handler: async (call) => reply(await ideas.latestOwnIdeas(call.deps, member(call).user, call.query.limit)),
  }),
  defineRoute({
    method: 'get', path: '/ideas/user/:id', tag: TAG, access: 'public', summary: '某用户已公开的创意（编号或 ID；category 参数被忽略）',
    params: z.object({ id: z.string().min(1) }), query: LimitQuery(50).extend({ category: z.string().optional() }),
    handler: async ({ deps, auth, params, query }) => reply(await ideas.userPublicIdeas(deps, auth?.user ?? null, params.id, query.limit)),
  }),
  defineRoute({
    method: 'get', path: '/ideas/purchases', tag: TAG, access: 'member', summary: '我解锁过的创意',
    handler: async (call) => reply(await ideas.purchasedIdeas(call.deps, member(call).user)),
  }),
  defineRoute({
    method: 'get', path: '/ideas/my', tag: TAG, access: 'member', summary: '我的创意（status=published|draft|deleted|all）',
    query: ZMyIdeasQuery,
    handler: async (call) => reply(await ideas.myIdeas(call.deps, member(call).user, call.query.status)),
  }),
  defineRoute({
    method: 'get', path: '/ideas/:id', tag: TAG, access: 'public', summary: '单个创意（未公开的只对作者可见；详细分析仅作者与已解锁者可见）',
    params: ById, responses: { 404: '不存在或不可见' },
    handler: async ({ deps, auth, params }) => reply(await ideas.getIdea(deps, auth?.user ?? null, params.id)),
  }),
  defineRoute({
    method: 'put', path: '/ideas/:id', tag: TAG, access: 'member', summary: '修改创意（作者；以 published 保存会重新审核）',
    params: ById, body: ZUpdateIdeaRequest, responses: { 403: '不是作者，或含敏感词', 404: '不存在', 409: '重复内容' },
    handler: async (call) => reply(await ideas.updateIdea(call.deps, member(call).user, call.params.id, call.body), { message: ideas.IDEA_OK.updated }),
  }),
  defineRoute({
    method: 'put', path: '/ideas/:id/publish', tag: TAG, access: 'member', summary: '发布草稿',
    params: ById, responses: { 403: '不是作者，或含敏感词', 404: '不存在', 409: '重复内容' },
    handler: async (call) => reply(await ideas.publishDraft(call.deps, member(call).user, call.params.id), { message: ideas.IDEA_OK.published }),
  }),
  defineRoute({
    method: 'put', path: '/ideas/:id/expansions', tag: TAG, access: 'member', summary: '替换创意扩展（作者）',
    params: ById, body: ZExpansionsRequest, responses: { 404: '不存在' },
    handler: async (call) => reply(await ideas.replaceExpansions(call.deps, member(call).user, call.params.id, call.body.expansions), { message: ideas.IDEA_OK.expansionsSaved }),
  }),
  defineRoute({
    method: 'delete', path: '/ideas/:id', tag: TAG, access: 'member', summary: '删除创意（默认移入回收站；force=true 永久删除）',
    params: ById, query: z.object({ force: z.enum(['true', 'false']).optional() }), responses: { 404: '不存在或无权操作' },
    handler: async (call) => {
      const result = await ideas.deleteIdea(call.deps, member(call).user, call.params.id, call.query.force === 'true');
      return reply(result, { message: result.deletionType === 'soft' ? ideas.IDEA_OK.softDeleted : ideas.IDEA_OK.permanentlyDeleted, extra: result });
    },
  }),
  defineRoute({
    method: 'post', path: '/ideas/:id/restore', tag: TAG, access: 'member', summary: '从回收站恢复（7 天内）',
    params: ById, responses: { 404: '不存在或已永久删除', 410: '已超过恢复期限' },
    handler: async (call) => reply(await ideas.restoreIdea(call.deps, member(call).user, call.params.id), { message: ideas.IDEA_OK.restored }),
  }),
  defineRoute({
    method: 'post', path: '/ideas/:id/purchase', tag: TAG, access: 'member', summary: '解锁详细分析（价格为 0）',
    params: ById, body: z.object({ userId: z.unknown().optional() }).optional(),
    handler: async (call) => reply(await ideas.purchaseIdea(call.deps, member(call).user, call.params.id), { message: ideas.IDEA_OK.unlocked }),
  }),
  defineRoute({
    method: 'post', path: '/upload/idea-image', tag: '上传', access: 'member', summary: '上传创意图片（multipart：file、ideaId）',
    before: [imageUpload], body: z.object({ ideaId: ZIdeaId }), responses: { 413: '超过 10MB', 415: '不是图片', 429: '上传过于频繁' },
    handler: async (call) => {
      const result = await uploadIdeaImage(call.deps, member(call).user, call.body.ideaId, call.req.file?.buffer);
      return reply(result, { status: 201, message: IMAGE_MSG.uploaded, extra: { fileName: result.fileName, url: result.url } });
    },
  }),
  defineRoute({
    method: 'delete', path: '/upload/idea-image/:fileName', tag: '上传', access: 'member', summary: '删除创意图片（创意作者）',
    params: z.object({ fileName: z.string().regex(/^[\w.-]{1,80}$/, '文件名无效') }), responses: { 404: '不存在或无权删除' },
    handler: async (call) => {
      await deleteIdeaImage(call.deps, member(call).user, call.params.fileName);
      return reply(null, { message: IMAGE_MSG.deleted });
    },
  }),
  defineRoute({
    method: 'get', path: '/admin/review', tag: '管理', access: 'admin', summary: '待审核的创意',
    handler: async (call) => reply(await review.reviewQueue(call.deps, member(call).user)),
  }),
  defineRoute({
    method: 'post', path: '/admin/ideas/:id/approve', tag: '管理', access: 'admin', summary: '审核通过',
    params: ById,
    handler: async (call) => {
      await review.approveIdea(call.deps, call.params.id);
      return reply(null, { message: review.REVIEW_MSG.approved });
    },
  }),
  defineRoute({
    method: 'post', path: '/admin/ideas/:id/reject', tag: '管理', access: 'admin', summary: '驳回（附原因）',
    params: ById, body: ZRejectRequest,
    handler: async (call) => {
      await review.rejectIdea(call.deps, call.params.id, call.body.reason);
      return reply(null, { message: review.REVIEW_MSG.rejected });
    },
  }),
];
