/**
 * What each feature holds for an account, joined here by the feature itself, so accounts/ knows no
 * feature (issue 17): deactivation asks every part to clean up in its transaction, and the count
 * shown before deactivating and on the public user page are what the parts report.
 */
import type { Db } from '../../../db/types.ts';

export interface AccountDataPart {
  /** Counts shown before deactivation (`GET /api/users/deactivation-stats`), e.g. `{ favorites: 3 }`. */
  count?(db: Db, userId: number): Promise<Record<string, number>>;
  /** Counts on the public user page (`auth.publicUser`), e.g. `{ ideaCount: 4 }`. */
  publicCount?(db: Db, userId: number): Promise<Record<string, number>>;
  /** Runs inside the deactivation's transaction (DESIGN §10): remove or hide what the account held. */
  onDeactivate?(trx: Db, userId: number): Promise<void>;
}

const parts: AccountDataPart[] = [];

/** Called once by each feature module that keeps data per account. */
export function joinAccountData(part: AccountDataPart): void {
  parts.push(part);
}

export async function countAccountData(db: Db, userId: number): Promise<Record<string, number>> {
  const counts = await Promise.all(parts.map((part) => part.count?.(db, userId) ?? {}));
  return Object.assign({}, ...counts);
}

export async function countPublicAccountData(db: Db, userId: number): Promise<Record<string, number>> {
  const counts = await Promise.all(parts.map((part) => part.publicCount?.(db, userId) ?? {}));
  return Object.assign({}, ...counts);
}

export async function deactivateAccountData(trx: Db, userId: number): Promise<void> {
  for (const part of parts) await part.onDeactivate?.(trx, userId);
}
