/**
 * Test fixtures that write through the same repositories as the app (no HTTP, no SMS): a user with a
 * live session, and an idea in any stage. For tests about what others see, not about how it got there.
 */
import { randomInt } from 'node:crypto';
import { isUniqueViolation } from '../../db/portable.ts';
import type { Deps } from '../../src/server/deps.ts';
import { insertStagedIdea, type StagedIdea } from '../../src/server/ideas/seeding.ts';
import { hashPassword } from '../../src/server/accounts/passwords.ts';
import { createSession } from '../../src/server/accounts/sessions.ts';
import { findUserById, insertUserRow } from '../../src/server/accounts/users.ts';
import { defaultNickname, formatRegistrationNumber } from '../../src/shared/patterns.ts';
import { freshPhone, type TestApp } from './api.ts';

export const FIXTURE_PASSWORD = 'fixture-secret';
let fixtureHash: Promise<string> | undefined;

export interface FixtureUser {
  id: number;
  registrationNumber: string;
  phone: string;
  password: string;
  token: string;
}

export async function createUser(deps: Deps, options: { nickname?: string; role?: 'member' | 'admin' } = {}): Promise<FixtureUser> {
  const phone = freshPhone();
  const passwordHash = await (fixtureHash ??= hashPassword(FIXTURE_PASSWORD));
  for (;;) {
    const registrationNumber = formatRegistrationNumber(randomInt(1, 1_000_000));
    // A number taken already, or by a fixture made at the same moment: another one (checking first
    // would leave a window between the check and the insert).
    let id: number;
    try {
      id = await insertUserRow(deps.db, { registrationNumber, phone, passwordHash, nickname: options.nickname ?? defaultNickname(registrationNumber), role: options.role });
    } catch (err) {
      if (isUniqueViolation(err) && String((err as Error).message).includes('registration_number')) continue;
      throw err;
    }
    // As a sign-in would: the password was just entered.
    const { token } = await createSession(deps.db, (await findUserById(deps.db, id))!.id, { passwordVerified: true });
    return { id, registrationNumber, phone, password: FIXTURE_PASSWORD, token };
  }
}

let ideaSeq = 0;
/** An idea by `user` in the given stage (public by default), with content no other fixture repeats. */
export async function createIdea(deps: Deps, user: { id: number }, idea: Partial<StagedIdea> = {}): Promise<number> {
  ideaSeq += 1;
  const id = await insertStagedIdea(deps.db, { userId: user.id, title: `夹具创意${ideaSeq}`, description: `第${ideaSeq}号夹具创意的介绍`, analysis: `<p>第${ideaSeq}号的分析</p>`, ...idea });
  // Written past the operations, so the fast lane's cached pages are dropped here, as a write would.
  deps.publicCache.invalidate();
  return id;
}

/**
 * A moderator approves an idea in the review queue, through the admin route: an idea showing a
 * picture waits for one even in automatic mode.
 */
export async function approveAsModerator(app: TestApp, ideaId: number): Promise<void> {
  const admin = await createUser(app.deps, { role: 'admin' });
  const res = await app.api('POST', `/api/admin/ideas/${ideaId}/approve`, { token: admin.token });
  if (res.status !== 200) throw new Error(`approve ${res.status} ${JSON.stringify(res.body)}`);
}

/** How many ideas a member has in the table, whatever their state: to show that a refused write added none. */
export async function ideaCount(app: Pick<TestApp, 'deps'>, userId: number): Promise<number> {
  const row = await app.deps.db
    .selectFrom('ideas')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
