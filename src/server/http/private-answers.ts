/**
 * An answer to a caller with a token (the signed-in user, messages, favourites, an idea as its owner
 * sees it) or to a write (a login's token) is personal: no browser or proxy may keep it. The fast lane
 * says the same for the members' reads it answers; guests' public reads stay cacheable.
 */
import type { RequestHandler } from 'express';

export const PRIVATE_CACHE_CONTROL = 'no-store';

export const privateAnswers: RequestHandler = (req, res, next) => {
  if (req.headers.authorization || (req.method !== 'GET' && req.method !== 'HEAD')) res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
  next();
};
