import type { Kysely } from 'kysely';

/**
 * System nicknames no longer show the phone: they were `user` + the phone's last four digits, public
 * on every card and page; they are `user` + the digits of the registration number now (as new
 * accounts get them, src/shared/patterns.ts). Members cannot rename themselves, so a nickname of that
 * old form was made by the system from a phone, the current one or one the member had before; chosen
 * names (the demo's, an admin's) and 已注销用户 are left as they are. The rules are written out here,
 * frozen, rather than imported.
 */
const OLD_DEFAULT = /^user\d{4}$/;
const newDefault = (registrationNumber: string) => `user${registrationNumber.replace(/\D/g, '')}`;

export async function up(db: Kysely<any>): Promise<void> {
  // `user` and four characters (LIKE's `_`), narrowed to four digits here: the same in both dialects.
  const rows: { id: number; nickname: string; registration_number: string }[] = await db
    .selectFrom('users')
    .select(['id', 'nickname', 'registration_number'])
    .where('nickname', 'like', 'user____')
    .where('status', '=', 'active')
    .execute();
  for (const row of rows) {
    if (!OLD_DEFAULT.test(row.nickname)) continue;
    // Only while it is still the old name, should anything have changed it meanwhile.
    await db.updateTable('users').set({ nickname: newDefault(row.registration_number) }).where('id', '=', row.id).where('nickname', '=', row.nickname).execute();
  }
}

/** The old names came from phones, which a migration down cannot know for certain; the new ones stay. */
export async function down(): Promise<void> {}
