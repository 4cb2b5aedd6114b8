/** Idea, upload and review paths of docs/spec/publishing-and-browsing.md §7 and docs/architecture.md §6/§10. Order matters: fixed paths before /ideas/:id. */
import type { RequestHandler } from 'express';
import multer from 'multer';
import { IMAGE_MAX_BYTES } from '../../shared/idea-rules.ts';
import { AppError, badRequest } from '../kernel/errors.ts';
import { IMAGE_MSG } from '../ideas/images.ts';
import { ideaOps as op, reviewOps } from '../ideas/operations.ts';
import { route, sendError } from './route.ts';

const TAG = '创意';
export const UPLOAD_MALFORMED = '上传内容格式不正确，请用 multipart/form-data 提交 file（及可选的 ideaId）';

/** Multipart parsing by multer; the size limit makes a 12 MB file a 413 before it is read whole. */
const parseImageUpload = multer({ storage: multer.memoryStorage(), limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5 } }).single('file');

const imageUpload: RequestHandler = (req, res, next) => {
  parseImageUpload(req, res, (err: unknown) => {
    if (!err) return next();
    const code = (err as { code?: string }).code;
    sendError(res, code === 'LIMIT_FILE_SIZE' ? new AppError('PAYLOAD_TOO_LARGE', IMAGE_MSG.tooLarge) : badRequest(UPLOAD_MALFORMED));
  });
};

export const ideaRoutes = [
  route('post', '/ideas', op.create, { tag: TAG, summary: '新建创意（草稿或发布）', responses: { 403: '含敏感词（moderationResult）', 409: '重复内容（duplicateInfo）', 429: '操作过于频繁' } }),
  route('get', '/ideas', op.publicPage, { tag: TAG, summary: '已公开的创意（分页，status=published）' }),
  route('get', '/ideas/all', op.publicPage, { operationId: 'ideas.publicPageAll', tag: TAG, summary: '全部已公开的创意（分页）' }),
  route('get', '/ideas/recent', op.recent, { tag: TAG, summary: '最新公开的创意' }),
  route('get', '/ideas/guest', op.guestPage, { tag: TAG, summary: '游客可见的创意（分析锁定）' }),
  route('get', '/ideas/hot', op.hot, { tag: TAG, summary: '热门创意（收藏数优先，其次最新）' }),
  route('get', '/ideas/all-versions', op.allVersions, { tag: TAG, summary: '全部公开创意（首页备用列表）' }),
  route('get', '/ideas/user/latest', op.userLatest, { tag: TAG, summary: '我最近的创意' }),
  route('get', '/ideas/user/:id', op.userPublic, { tag: TAG, summary: '某用户已公开的创意（编号或 ID；category 参数被忽略）', responses: { 404: '用户不存在' } }),
  route('get', '/ideas/purchases', op.purchases, { tag: TAG, summary: '我解锁过的创意' }),
  route('get', '/ideas/my', op.my, { tag: TAG, summary: '我的创意（status=published|draft|deleted|all；最近改动的在前，回收站按删除时间；每页 50 个，nextCursor 传给 ?cursor= 取下一页，cursor 只用于同一个 status）' }),
  route('get', '/ideas/:id/viewer', op.viewer, { tag: TAG, summary: '我与这个创意的关系：是否收藏、关注作者、已解锁、是作者，以及我对其评论的点赞/点踩', responses: { 404: '不存在或不可见' } }),
  route('get', '/ideas/:id', op.byId, { tag: TAG, summary: '单个创意（未公开的只对作者可见；详细分析仅作者与已解锁者可见）', responses: { 404: '不存在或不可见' } }),
  route('put', '/ideas/:id', op.update, { tag: TAG, summary: '修改创意（作者；以 published 保存会重新审核）', responses: { 403: '不是作者，或含敏感词', 404: '不存在', 409: '重复内容', 429: '发布过于频繁' } }),
  route('put', '/ideas/:id/publish', op.publishDraft, { tag: TAG, summary: '发布草稿', responses: { 403: '不是作者，或含敏感词', 404: '不存在', 409: '重复内容', 429: '发布过于频繁' } }),
  route('put', '/ideas/:id/expansions', op.updateExpansions, { tag: TAG, summary: '替换创意扩展（作者）', responses: { 403: '不是作者，或含敏感词', 404: '不存在' } }),
  route('delete', '/ideas/:id', op.remove, { tag: TAG, summary: '删除创意（默认移入回收站；force=true 永久删除）', responses: { 403: '不是作者', 404: '不存在或无权操作' } }),
  route('post', '/ideas/:id/restore', op.restore, { tag: TAG, summary: '从回收站恢复（7 天内）', responses: { 400: '不在回收站里', 403: '不是作者', 404: '不存在或已永久删除', 409: '已有内容完全相同的公开创意（duplicateInfo）', 410: '已超过恢复期限' } }),
  route('post', '/ideas/:id/purchase', op.purchase, { tag: TAG, summary: '解锁详细分析（价格为 0）', responses: { 404: '不存在或不可见' } }),
  route('post', '/upload/idea-image', op.uploadImage, {
    operationId: 'ideas.uploadImage',
    tag: '上传',
    summary: '上传创意图片（multipart：file，可选 ideaId；没有 ideaId 时图片暂存，保存创意时归入该创意）',
    responses: { 403: '不是该创意的作者', 404: '创意不存在', 413: '超过 10MB', 415: '不是图片', 429: '上传过于频繁', 503: '图片存储暂时不可用（对象存储无法访问）' },
    multipart: { before: imageUpload, input: (req) => ({ ...req.body, file: req.file?.buffer }) },
  }),
  route('delete', '/upload/idea-image/:fileName', op.deleteImage, { tag: '上传', summary: '删除创意图片（创意作者，或暂存图片的上传者）', responses: { 403: '不是该创意的作者', 404: '不存在或无权删除' } }),
  route('get', '/admin/review', reviewOps.queue, { tag: '管理', summary: '待审核的创意（最早提交的在前，最多 200 个；附进入审核的原因和上次的审核决定）' }),
  route('post', '/admin/ideas/:id/approve', reviewOps.approve, { tag: '管理', summary: '审核通过', responses: { 400: '不在审核中', 404: '创意不存在' } }),
  route('post', '/admin/ideas/:id/edit-approve', reviewOps.editApprove, {
    tag: '管理',
    summary: '修改后通过（title、description、tags、detailedAnalysis 任选，可附 note 给作者）：作者收到说明修改内容的消息，操作记录保留修改前后的两个版本',
    responses: { 400: '没有修改、标题为空或不在审核中', 403: '修改后的内容含敏感词（moderationResult）', 404: '创意不存在', 409: '修改后的内容与已公开的创意完全相同（duplicateInfo）' },
  }),
  route('post', '/admin/ideas/:id/reject', reviewOps.reject, { tag: '管理', summary: '驳回（附原因）', responses: { 400: '原因为空或过长，或不在审核中', 404: '创意不存在' } }),
  route('post', '/admin/ideas/:id/take-down', reviewOps.takeDown, { tag: '管理', summary: '下架已公开的创意（附原因）：变为未通过审核，作者收到消息，再次发布需管理员审核', responses: { 400: '原因为空或过长，或创意当前不是公开状态', 404: '创意不存在' } }),
];
