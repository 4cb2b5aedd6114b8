import { favoriteOps, followOps } from '../../social/operations.ts';
import { mutation, query, router } from '../init.ts';

export const favoritesRouter = router({
  set: mutation(favoriteOps.set),
  remove: mutation(favoriteOps.remove),
  check: query(favoriteOps.check),
  list: query(favoriteOps.list),
});

export const followsRouter = router({
  set: mutation(followOps.set),
  check: query(followOps.check),
  following: query(followOps.following),
  followersOf: query(followOps.followersOf),
  followingOf: query(followOps.followingOf),
  updates: query(followOps.updates),
  updatesCount: query(followOps.updatesCount),
  timeline: query(followOps.timeline),
  recentOf: query(followOps.recentOf),
});
