import { marketplaceOps as op } from '../../marketplace/operations.ts';
import { query, router } from '../init.ts';

export const marketplaceRouter = router({
  ideas: query(op.ideas),
  search: query(op.search),
});
