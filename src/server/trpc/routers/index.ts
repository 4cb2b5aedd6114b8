import { siteOps } from '../../accounts/operations.ts';
import { query, router } from '../init.ts';
import { authRouter, usersRouter } from './auth.ts';
import { adminRouter, ideasRouter } from './ideas.ts';
import { marketplaceRouter } from './marketplace.ts';
import { favoritesRouter, followsRouter } from './social.ts';

export const appRouter = router({
  site: router({ identity: query(siteOps.identity), testConnection: query(siteOps.testConnection) }),
  auth: authRouter,
  users: usersRouter,
  ideas: ideasRouter,
  marketplace: marketplaceRouter,
  admin: adminRouter,
  favorites: favoritesRouter,
  follows: followsRouter,
});

export type AppRouter = typeof appRouter;
