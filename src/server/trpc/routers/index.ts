import { siteIdentity, testConnection } from '../../services/site.ts';
import { publicProcedure, router } from '../init.ts';
import { authRouter, usersRouter } from './auth.ts';
import { adminRouter, ideasRouter } from './ideas.ts';

const siteRouter = router({
  identity: publicProcedure.query(({ ctx }) => siteIdentity(ctx.deps)),
  testConnection: publicProcedure.query(({ ctx }) => testConnection(ctx.deps)),
});

export const appRouter = router({
  site: siteRouter,
  auth: authRouter,
  users: usersRouter,
  ideas: ideasRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
