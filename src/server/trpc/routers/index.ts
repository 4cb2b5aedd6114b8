import { siteOps } from '../../accounts/operations.ts';
import { query, router } from '../init.ts';
import { authRouter, usersRouter } from './auth.ts';
import { commentsRouter } from './comments.ts';
import { adminRouter } from './admin.ts';
import { ideasRouter } from './ideas.ts';
import { marketplaceRouter } from './marketplace.ts';
import { tagsRouter } from './tags.ts';
import { favoritesRouter, followsRouter } from './social.ts';
import { feedbackRouter, messagesRouter, notificationSettingsRouter } from './messages.ts';

export const appRouter = router({
  site: router({ identity: query(siteOps.identity), testConnection: query(siteOps.testConnection) }),
  auth: authRouter,
  users: usersRouter,
  ideas: ideasRouter,
  marketplace: marketplaceRouter,
  tags: tagsRouter,
  comments: commentsRouter,
  admin: adminRouter,
  favorites: favoritesRouter,
  follows: followsRouter,
  messages: messagesRouter,
  feedback: feedbackRouter,
  notificationSettings: notificationSettingsRouter,
});

export type AppRouter = typeof appRouter;
