import { Router } from 'express';
import type { Deps } from '../deps.ts';
import { notFound } from '../kernel/errors.ts';
import { accountOps, siteOps } from '../accounts/operations.ts';
import { adminLogOps, consoleOps, memberOps } from '../admin/operations.ts';
import { commentOps, heldCommentOps, reportOps } from '../comments/operations.ts';
import { feedbackOps } from '../feedback/operations.ts';
import { ideaOps, reviewOps } from '../ideas/operations.ts';
import { marketplaceOps } from '../marketplace/operations.ts';
import { messageOps } from '../messages/operations.ts';
import { notificationSettingsOps } from '../notification-settings/operations.ts';
import { tagOps } from '../tags/operations.ts';
import { watchedWordOps } from '../moderation/operations.ts';
import { healthOps } from '../ops/operations.ts';
import { privacyOps } from '../privacy/operations.ts';
import { profileOps } from '../profile/operations.ts';
import { favoriteOps, followOps } from '../social/operations.ts';
import type { AnyOperation } from '../contract/operation.ts';
import { buildOpenApi } from './openapi.ts';
import { matchOrder, mountRoutes, routesOf, sendError, type RestRoute } from './route.ts';

/** Every feature's operations; an operation declares its own REST paths (`rest`). A new group is one line here. */
const OPERATION_GROUPS: Record<string, AnyOperation>[] = [
  healthOps,
  siteOps,
  accountOps,
  profileOps,
  ideaOps,
  reviewOps,
  marketplaceOps,
  tagOps,
  favoriteOps,
  followOps,
  messageOps,
  notificationSettingsOps,
  feedbackOps,
  adminLogOps,
  commentOps,
  reportOps,
  heldCommentOps,
  watchedWordOps,
  consoleOps,
  memberOps,
  privacyOps,
];

/** Every REST path, in the order Express tries them (matchOrder): the shim, the fast lane and the document read this one list. */
export const restRoutes: RestRoute[] = matchOrder(routesOf(OPERATION_GROUPS.flatMap((group) => Object.values(group))));

export function createRestRouter(deps: Deps): Router {
  const router = Router();
  const openapi = buildOpenApi(restRoutes);
  router.get('/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  mountRoutes(router, deps, restRoutes);
  router.use((_req, res) => sendError(res, notFound('接口不存在')));
  return router;
}
