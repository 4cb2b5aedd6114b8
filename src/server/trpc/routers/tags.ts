import { tagOps as op } from '../../tags/operations.ts';
import { query, router } from '../init.ts';

export const tagsRouter = router({
  ideas: query(op.ideas),
  popular: query(op.popular),
});
