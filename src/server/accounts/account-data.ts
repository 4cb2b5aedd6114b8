/**
 * What each feature holds for an account. accounts/ knows no feature: each feature exports its part,
 * and the one list of them (account-data-parts.ts, at the app's wiring) reaches accounts/ through
 * `deps.accountData`, so every entry point (the server, `npm run purge`, scripts, tests) runs all of
 * them. Registration lets every part greet the new account in its transaction; deactivation asks every part to clean up in its transaction; the counts shown before
 * deactivating and on the public user page are what the parts report.
 */
import type { Db } from '../../../db/types.ts';

export interface AccountDataPart {
  /** Counts shown before deactivation (`GET /api/users/deactivation-stats`), e.g. `{ favorites: 3 }`. */
  count?(db: Db, userId: number): Promise<Record<string, number>>;
  /** Counts on the public user page (`auth.publicUser`), e.g. `{ ideaCount: 4 }`. */
  publicCount?(db: Db, userId: number): Promise<Record<string, number>>;
  /** Runs inside the registration's transaction, once the new account's row is written (a welcome). */
  onRegister?(trx: Db, userId: number): Promise<void>;
  /** Runs inside the deactivation's transaction (docs/architecture.md §10): remove or hide what the account held. */
  onDeactivate?(trx: Db, userId: number): Promise<void>;
}

export async function countAccountData(parts: readonly AccountDataPart[], db: Db, userId: number): Promise<Record<string, number>> {
  const counts = await Promise.all(parts.map((part) => part.count?.(db, userId) ?? {}));
  return Object.assign({}, ...counts);
}

export async function countPublicAccountData(parts: readonly AccountDataPart[], db: Db, userId: number): Promise<Record<string, number>> {
  const counts = await Promise.all(parts.map((part) => part.publicCount?.(db, userId) ?? {}));
  return Object.assign({}, ...counts);
}

export async function registerAccountData(parts: readonly AccountDataPart[], trx: Db, userId: number): Promise<void> {
  for (const part of parts) await part.onRegister?.(trx, userId);
}

export async function deactivateAccountData(parts: readonly AccountDataPart[], trx: Db, userId: number): Promise<void> {
  for (const part of parts) await part.onDeactivate?.(trx, userId);
}
