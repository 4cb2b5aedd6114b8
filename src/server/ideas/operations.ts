/**
 * Idea operations (docs/spec/publishing-and-browsing.md §7, docs/architecture.md §6/§10): who may call each, its input, and its answer with
 * the success message. `trpc/routers/ideas.ts` and `rest/ideas.ts` only name them.
 */
import { z } from 'zod';
import { HOT_IDEAS_DEFAULT, RECYCLE_BIN_DAYS, USER_LATEST_DEFAULT } from '../../shared/idea-rules.ts';
import { ZIdeaId, ZUserRef } from '../../shared/ids.ts';
import { ZCreateIdeaRequest, ZEditApproveRequest, ZExpansionsRequest, ZFlag, ZListLimit, ZMyIdeasQuery, ZRejectRequest, ZTakeDownRequest, ZUpdateIdeaRequest } from '../../shared/idea-schemas.ts';
import { UPLOAD_FILE_NAME_PATTERN } from '../../shared/uploads.ts';
import { answer, read, write } from '../request/operation.ts';
import { CACHED_IDEA_CARDS } from '../request/changes.ts';
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

const publicPage = (asGuest: boolean) =>
  read({
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

const recent = (fallback: number) =>
  read({
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
    access: 'member',
    input: ZCreateIdeaRequest,
    output: { data: ZIdea, status: 201 },
    run: async ({ deps, user }, input) => {
      const idea = await ideas.createIdea(deps, user, input);
      return answer(idea, { status: 201, message: idea.status === 'published' ? publishedMessage(idea) : IDEA_OK.draftSaved, about: idea.id });
    },
  }),
  update: write({
    limit: 'edits',
    access: 'member',
    input: ZUpdateIdeaRequest.extend({ id: ZIdeaId }),
    output: { data: ZIdea },
    run: async ({ deps, user }, input) => answer(await ideas.updateIdea(deps, user, input.id, input), { message: IDEA_OK.updated, about: input.id }),
  }),
  publishDraft: write({
    access: 'member',
    input: ById,
    output: { data: ZIdea },
    run: async ({ deps, user }, input) => {
      const idea = await ideas.publishDraft(deps, user, input.id);
      return answer(idea, { message: publishedMessage(idea), about: input.id });
    },
  }),
  updateExpansions: write({
    limit: 'edits',
    access: 'member',
    input: ZExpansionsRequest.extend({ id: ZIdeaId }),
    output: { data: ZIdea },
    run: async ({ deps, user }, input) => answer(await ideas.replaceExpansions(deps, user, input.id, input.expansions), { message: IDEA_OK.expansionsSaved, about: input.id }),
  }),
  remove: write({
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
    limit: 'edits',
    access: 'member',
    input: ById,
    output: { data: ZIdea },
    run: async ({ deps, user }, input) => answer(await ideas.restoreIdea(deps, user, input.id), { message: IDEA_OK.restored, about: input.id }),
  }),
  purchase: write({
    changes: [],
    limit: 'unlocks',
    access: 'member',
    // The spec's body carries userId; the buyer is always the session's user.
    input: ById.extend({ userId: z.unknown().optional() }),
    output: { data: z.boolean() },
    run: async ({ deps, user }, input) => answer(await reads.purchaseIdea(deps, user, input.id), { message: IDEA_OK.unlocked }),
  }),
  uploadImage: write({
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
    access: 'member',
    input: z.object({ fileName: z.string().regex(UPLOAD_FILE_NAME_PATTERN, '文件名无效') }),
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      await deleteIdeaImage(deps, user, input.fileName);
      return answer(null, { message: IMAGE_MSG.deleted });
    },
  }),

  recordView: write({
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
    access: 'public',
    input: ById,
    output: { data: ZViewCount },
    run: async ({ deps, auth }, input) => answer(await viewCount(deps, auth?.user ?? null, input.id)),
  }),
  similar: read({
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
    access: 'member',
    hot: true,
    input: ById,
    output: { data: ZIdeaViewer },
    run: async ({ deps, user }, input) => answer(await viewerState(deps, user, input.id)),
  }),
  byId: read({
    access: 'public',
    // The public body of an idea, comments included: one per idea, kept until a write about it (or
    // about no one idea) changes it; members share it unless it is theirs or they unlocked it.
    cache: { shows: ['ideas', 'comments'], about: (input) => input.id, members: 'ideas' },
    input: ById,
    output: { data: ZIdea },
    run: async ({ deps, auth }, input) => answer(await reads.getIdea(deps, auth?.user ?? null, input.id)),
  }),
  my: read({
    access: 'member',
    input: ZMyIdeasQuery,
    output: { data: ZIdeas, extra: ZNextCursor },
    run: async ({ deps, user }, input) => {
      const page = await reads.myIdeas(deps, user, input.status, input.cursor);
      return answer(page.items, { extra: { nextCursor: page.nextCursor } });
    },
  }),
  publicPage: publicPage(false),
  guestPage: publicPage(true),
  recent: recent(10),
  allVersions: recent(50),
  hot: read({
    access: 'public',
    cache: { ...CACHED_IDEA_CARDS, members: 'ideas' },
    input: Limit(HOT_IDEAS_DEFAULT),
    output: { data: ZIdeas },
    run: async ({ deps, auth }, input) => answer(await reads.hotIdeas(deps, auth?.user ?? null, input?.limit)),
  }),
  userLatest: read({
    access: 'member',
    input: Limit(USER_LATEST_DEFAULT),
    output: { data: ZIdeas },
    run: async ({ deps, user }, input) => answer(await reads.latestOwnIdeas(deps, user, input?.limit)),
  }),
  userPublic: read({
    access: 'public',
    cache: { ...CACHED_IDEA_CARDS, members: 'ideas' },
    // `category` is accepted and ignored (docs/architecture.md §10): dropped once parsed, so it is not part of the
    // cached page's key (any text in it made a new entry, a way to push real pages out of the cache).
    input: z.object({ id: ZUserRef, limit: ZListLimit(50), cursor: z.string().max(200).optional(), category: z.string().max(200).optional().transform(() => undefined) }),
    output: { data: ZIdeaCards, extra: ZNextCursor },
    run: async ({ deps, auth }, input) => {
      const page = await reads.userPublicIdeas(deps, auth?.user ?? null, input.id, input.limit, input.cursor);
      return answer(page.items, { extra: { nextCursor: page.nextCursor } });
    },
  }),
  purchases: read({
    access: 'member',
    input: z.object({}).optional(),
    output: { data: ZIdeas },
    run: async ({ deps, user }) => answer(await reads.purchasedIdeas(deps, user)),
  }),
};

export const reviewOps = {
  queue: read({
    access: 'admin',
    input: z.object({}).optional(),
    output: { data: z.array(ZReviewIdea) },
    run: async ({ deps, user }) => answer(await reviewQueue(deps, user)),
  }),
  approve: write({
    access: 'admin',
    input: ById,
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      const { ownIdea } = await approveIdea(deps, user, input.id);
      return answer(null, { message: ownIdea ? REVIEW_MSG.approvedOwn : REVIEW_MSG.approved, about: input.id });
    },
  }),
  editApprove: write({
    access: 'admin',
    input: ById.extend(ZEditApproveRequest.shape),
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      await editAndApproveIdea(deps, user, input.id, { ...input, note: input.note || undefined });
      return answer(null, { message: REVIEW_MSG.editedApproved, about: input.id });
    },
  }),
  reject: write({
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
    access: 'admin',
    input: ById.extend(ZTakeDownRequest.shape),
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      await takeDownIdea(deps, user, input.id, input.reason);
      return answer(null, { message: REVIEW_MSG.takenDown, about: input.id });
    },
  }),
};
