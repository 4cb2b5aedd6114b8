/**
 * Whether a member is muted now (docs/product-rules.md, "Muted members"): one read of `member_mutes` by
 * its key, at the moment of every publish, comment, report and feedback, never cached, so a mute and
 * its end take effect at once in every process. A row whose end has passed no longer mutes.
 */
import { fromDbTime } from '../../../db/time.ts';
import type { Db } from '../../../db/types.ts';
import { mutedMessage } from '../../shared/mute-rules.ts';
import { forbidden } from '../kernel/errors.ts';

export interface ActiveMute {
  /** Null: permanent. */
  until: Date | null;
  reason: string;
}

/** The member's mute in force now, or null. */
export async function activeMute(db: Db, userId: number): Promise<ActiveMute | null> {
  const row = await db.selectFrom('member_mutes').select(['muted_until', 'reason']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const until = row.muted_until === null ? null : fromDbTime(row.muted_until);
  if (until && until.getTime() <= Date.now()) return null;
  return { until, reason: row.reason };
}

/** 403 with the end date (China time) when the member is muted: called by every write a mute stops. */
export async function refuseIfMuted(db: Db, userId: number): Promise<void> {
  const mute = await activeMute(db, userId);
  if (mute) throw forbidden(mutedMessage(mute.until));
}
