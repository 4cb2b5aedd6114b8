/**
 * A member's say over the system messages they may turn off (src/shared/notification-settings.ts):
 * comments on their ideas, replies to their comments, new followers. A switched-off kind is never
 * written: the sender asks `wantsNotice` first, in its own transaction (one primary-key read of a
 * row that exists only once the member has changed a switch). Everything else is always delivered.
 */
import { nowDb } from '../../../db/time.ts';
import type { Db } from '../../../db/types.ts';
import { transaction } from '../../../db/transaction.ts';
import { NOTICE_KINDS, type NoticeKind, type NotificationSettings, type NotificationSettingsUpdate } from '../../shared/notification-settings.ts';
import type { AccountDataPart } from '../accounts/account-data.ts';
import type { Deps } from '../deps.ts';

const ALL_ON: NotificationSettings = { comments: true, replies: true, followers: true };

/** The member's switches; without a row, all on. */
export async function readNotificationSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const row = await db.selectFrom('notification_settings').select(NOTICE_KINDS).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { ...ALL_ON };
  return { comments: row.comments === 1, replies: row.replies === 1, followers: row.followers === 1 };
}

/** Whether the member wants messages of this kind: call it in the transaction that would send one. */
export async function wantsNotice(db: Db, userId: number, kind: NoticeKind): Promise<boolean> {
  const row = await db.selectFrom('notification_settings').select(kind).where('user_id', '=', userId).executeTakeFirst();
  return !row || row[kind] === 1;
}

/** Changes the switches named in `patch` (the others stay as they were); the whole settings after. */
export async function updateNotificationSettings(deps: Deps, userId: number, patch: NotificationSettingsUpdate): Promise<NotificationSettings> {
  const set = Object.fromEntries(NOTICE_KINDS.filter((k) => patch[k] !== undefined).map((k) => [k, patch[k] ? 1 : 0]));
  if (!Object.keys(set).length) return readNotificationSettings(deps.db, userId);
  return transaction(deps.db, async (trx) => {
    const at = nowDb();
    // The row appears with every switch on (the columns' defaults), then takes the change.
    await trx.insertInto('notification_settings').orIgnore().values({ user_id: userId, updated_at: at }).execute();
    await trx
      .updateTable('notification_settings')
      .set({ ...set, updated_at: at })
      .where('user_id', '=', userId)
      .execute();
    return readNotificationSettings(trx, userId);
  });
}

/** The settings go with a deactivated account. */
export const notificationSettingsAccountData: AccountDataPart = {
  onDeactivate: async (trx, userId) => {
    await trx.deleteFrom('notification_settings').where('user_id', '=', userId).execute();
  },
};
