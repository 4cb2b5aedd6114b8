/**
 * The app's services with `before` run just ahead of a write transaction: another request's write that
 * lands between a service's checks and its write (a take-down during an edit, a delete during a comment,
 * a publish of the same text). `once`: only ahead of the first transaction.
 */
import type { Deps } from '../../src/server/deps.ts';

export function racing(deps: Deps, before: () => Promise<unknown>, { once = false } = {}): Deps {
  let done = false;
  const db = new Proxy(deps.db, {
    get: (target, key) => {
      if (key === 'transaction')
        return () => ({
          execute: async (body: never) => {
            if (!(once && done)) {
              done = true;
              await before();
            }
            return target.transaction().execute(body);
          },
        });
      const value = Reflect.get(target, key, target);
      // Kysely's own fields are private: its methods run on the real instance.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Deps['db'];
  return { ...deps, db };
}
