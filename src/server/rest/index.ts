import { Router } from 'express';
import type { Deps } from '../deps.ts';
import { notFound } from '../kernel/errors.ts';
import { authRoutes } from './auth.ts';
import { commentRoutes } from './comments.ts';
import { healthRoutes } from './health.ts';
import { ideaRoutes } from './ideas.ts';
import { marketplaceRoutes } from './marketplace.ts';
import { moderationRoutes } from './moderation.ts';
import { privacyRoutes } from './privacy.ts';
import { socialRoutes } from './social.ts';
import { messageRoutes } from './messages.ts';
import { buildOpenApi } from './openapi.ts';
import { mountRoutes, sendError, type RestRoute } from './route.ts';

/** Every REST path; each issue adds its module's list here. */
export const restRoutes: RestRoute[] = [...healthRoutes, ...authRoutes, ...ideaRoutes, ...marketplaceRoutes, ...socialRoutes, ...messageRoutes, ...commentRoutes, ...moderationRoutes, ...privacyRoutes];

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
