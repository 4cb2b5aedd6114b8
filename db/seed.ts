/**
 * Demo data for the embedded default, so a fresh `npm start` shows a living site. Each issue adds
 * its part (users now). Runs only into an empty database; `npm run seed` runs it by hand.
 */
import type { Kysely } from 'kysely';
import { hashPassword } from '../src/server/services/passwords.ts';
import { PRESET_AVATARS } from '../src/shared/constants.ts';
import { nicknameForPhone } from '../src/shared/patterns.ts';
import { dbTimeAgo } from './time.ts';
import type { Database } from './types.ts';

export const DEMO_PASSWORD = 'hunter2026';

export const DEMO_USERS = [
  { phone: '13800000001', registrationNumber: 'bx100001', nickname: '星空猎人', bio: '喜欢在地铁上记录一闪而过的点子。', daysAgo: 40 },
  { phone: '13800000002', registrationNumber: 'bx100002', nickname: '造物小满', bio: '做硬件的产品经理，关注生活里的小麻烦。', daysAgo: 25 },
  { phone: '13800000003', registrationNumber: 'bx100003', nickname: null, bio: null, daysAgo: 3 },
] as const;

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

export async function seedDemoData(db: Kysely<Database>): Promise<{ users: number }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let users = 0;
  for (const [i, u] of DEMO_USERS.entries()) {
    const exists = await db.selectFrom('users').select('id').where((eb) => eb.or([eb('phone', '=', u.phone), eb('registration_number', '=', u.registrationNumber)])).executeTakeFirst();
    if (exists) continue;
    const created = dbTimeAgo(u.daysAgo * 24 * 3600 * 1000);
    await db
      .insertInto('users')
      .values({
        registration_number: u.registrationNumber,
        phone: u.phone,
        email: null,
        password_hash: passwordHash,
        nickname: u.nickname ?? nicknameForPhone(u.phone),
        avatar_url: PRESET_AVATARS[(i + 1) % PRESET_AVATARS.length],
        bio: u.bio,
        role: 'member',
        status: 'active',
        created_at: created,
        updated_at: created,
      })
      .execute();
    users++;
  }
  return { users };
}
