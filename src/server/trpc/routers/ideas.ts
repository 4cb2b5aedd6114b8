import { z } from 'zod';
import { HOT_IDEAS_DEFAULT, USER_LATEST_DEFAULT } from '../../../shared/idea-rules.ts';
import { ZCreateIdeaRequest, ZUpdateIdeaRequest, ZExpansionsRequest, ZIdeaId, ZListLimit, ZMyIdeasQuery, ZRejectRequest } from '../../../shared/idea-schemas.ts';
import * as ideas from '../../services/ideas.ts';
import * as review from '../../services/review.ts';
import { adminProcedure, memberProcedure, publicProcedure, router } from '../init.ts';

const ById = z.object({ id: ZIdeaId });

export const ideasRouter = router({
  create: memberProcedure.input(ZCreateIdeaRequest).mutation(({ ctx, input }) => ideas.createIdea(ctx.deps, ctx.user, input)),
  update: memberProcedure.input(ZUpdateIdeaRequest.extend({ id: ZIdeaId })).mutation(({ ctx, input }) => ideas.updateIdea(ctx.deps, ctx.user, input.id, input)),
  publishDraft: memberProcedure.input(ById).mutation(({ ctx, input }) => ideas.publishDraft(ctx.deps, ctx.user, input.id)),
  updateExpansions: memberProcedure
    .input(ZExpansionsRequest.extend({ id: ZIdeaId }))
    .mutation(({ ctx, input }) => ideas.replaceExpansions(ctx.deps, ctx.user, input.id, input.expansions)),
  remove: memberProcedure.input(ById.extend({ force: z.boolean().optional().default(false) })).mutation(({ ctx, input }) => ideas.deleteIdea(ctx.deps, ctx.user, input.id, input.force)),
  restore: memberProcedure.input(ById).mutation(({ ctx, input }) => ideas.restoreIdea(ctx.deps, ctx.user, input.id)),
  purchase: memberProcedure.input(ById).mutation(({ ctx, input }) => ideas.purchaseIdea(ctx.deps, ctx.user, input.id)),

  byId: publicProcedure.input(ById).query(({ ctx, input }) => ideas.getIdea(ctx.deps, ctx.auth?.user ?? null, input.id)),
  my: memberProcedure.input(ZMyIdeasQuery).query(({ ctx, input }) => ideas.myIdeas(ctx.deps, ctx.user, input.status)),
  publicPage: publicProcedure
    .input(z.object({ limit: ZListLimit(20), cursor: z.string().optional() }))
    .query(({ ctx, input }) => ideas.publicIdeasPage(ctx.deps, ctx.auth?.user ?? null, input.limit, input.cursor)),
  hot: publicProcedure.input(z.object({ limit: ZListLimit(HOT_IDEAS_DEFAULT) }).optional()).query(({ ctx, input }) => ideas.hotIdeas(ctx.deps, ctx.auth?.user ?? null, input?.limit)),
  userLatest: memberProcedure.input(z.object({ limit: ZListLimit(USER_LATEST_DEFAULT) }).optional()).query(({ ctx, input }) => ideas.latestOwnIdeas(ctx.deps, ctx.user, input?.limit)),
  purchases: memberProcedure.query(({ ctx }) => ideas.purchasedIdeas(ctx.deps, ctx.user)),
});

export const adminRouter = router({
  reviewQueue: adminProcedure.query(({ ctx }) => review.reviewQueue(ctx.deps, ctx.user)),
  approve: adminProcedure.input(ById).mutation(async ({ ctx, input }) => {
    await review.approveIdea(ctx.deps, input.id);
    return { message: review.REVIEW_MSG.approved };
  }),
  reject: adminProcedure.input(ById.merge(ZRejectRequest)).mutation(async ({ ctx, input }) => {
    await review.rejectIdea(ctx.deps, input.id, input.reason);
    return { message: review.REVIEW_MSG.rejected };
  }),
});
