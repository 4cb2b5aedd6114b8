/**
 * Migration 2026_12_02_0001 (default nicknames): on a database from before it, the system nicknames
 * made from a phone (`user` + its last four digits) become `user` + the registration number's digits,
 * and no chosen name nor a deactivated account's 已注销用户 changes. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as defaultNicknames from '../../db/migrations/2026_12_02_0001_default_nicknames.ts';
import { loadConfig } from '../../src/server/kernel/config.ts';
import { createDeps } from '../../src/server/create-deps.ts';
import type { Deps } from '../../src/server/deps.ts';
import { DEACTIVATED_NICKNAME } from '../../src/shared/constants.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/dialects.ts';
import { createUser, type FixtureUser } from '../helpers/fixtures.ts';

describe.each(DIALECTS)('the default-nicknames migration, on %s', (dialect) => {
  let t: TestDatabase;
  let deps: Deps;
  const users: Record<string, FixtureUser> = {};
  const digits = (u: FixtureUser) => u.registrationNumber.slice(2);

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    deps = createDeps(t.handle, { ...loadConfig(), databaseUrl: t.url });
    const make = async (name: string, nickname: (u: FixtureUser) => string, status: 'active' | 'deactivated' = 'active') => {
      const u = await createUser(deps);
      await deps.db
        .updateTable('users')
        .set({ nickname: nickname(u), status, ...(status === 'deactivated' ? { phone: null } : {}) })
        .where('id', '=', u.id)
        .execute();
      users[name] = u;
    };
    await make('fromPhone', (u) => `user${u.phone.slice(-4)}`);
    // Made from the phone the member had before a phone change.
    await make('fromOldPhone', () => 'user0815');
    await make('chosen', () => '星空猎人');
    await make('chosenLikeUser', () => 'userabcd');
    await make('newDefault', (u) => `user${digits(u)}`);
    await make('deactivated', () => DEACTIVATED_NICKNAME, 'deactivated');
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('renames the phone-made nicknames, and only those', async () => {
    await defaultNicknames.up(deps.db);
    const rows = await deps.db.selectFrom('users').select(['id', 'nickname']).execute();
    const nickname = (name: string) => rows.find((r) => r.id === users[name].id)!.nickname;
    expect(nickname('fromPhone')).toBe(`user${digits(users.fromPhone)}`);
    expect(nickname('fromOldPhone')).toBe(`user${digits(users.fromOldPhone)}`);
    expect(nickname('chosen')).toBe('星空猎人');
    expect(nickname('chosenLikeUser')).toBe('userabcd');
    expect(nickname('newDefault')).toBe(`user${digits(users.newDefault)}`);
    expect(nickname('deactivated')).toBe(DEACTIVATED_NICKNAME);
    for (const name of ['fromPhone', 'fromOldPhone']) expect(nickname(name)).not.toContain(users[name].phone.slice(-4));
  });
});
