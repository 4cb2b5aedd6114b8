/**
 * Lockouts punish the attacker, not the owner: wrong passwords are counted per
 * phone AND address, so guesses from a handful of addresses cannot lock a member out of password
 * login; the guessing address is the one refused. Addresses are set with X-Forwarded-For behind a
 * trusted proxy (TRUST_PROXY=loopback: the test client is the proxy).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { startTestApp, type TestApp } from '../helpers/api.ts';
import { createUser, type FixtureUser } from '../helpers/fixtures.ts';

const LOCKED = '该手机号登录失败次数过多，请稍后再试或找回密码';

describe.each(DIALECTS)('login lockouts on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    // The defaults, except the per-minute limit per address, so one address can guess 26 times in a test's second.
    app = await startTestApp(dialect, { trustProxy: 'loopback', rateLimits: { loginPerIpPerMinute: 0, loginPerIpPerHour: 30, loginFailuresPerPhoneAndIpPerHour: 25 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  let addressSeq = 0;
  const freshAddress = () => `203.0.113.${++addressSeq}`;
  const login = (user: FixtureUser, password: string, address: string) =>
    app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: user.phone, password }, headers: { 'x-forwarded-for': address } });
  const loginTrpc = (user: FixtureUser, password: string, address: string) =>
    fetch(`${app.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ loginType: 'phone', phone: user.phone, password }),
    }).then(async (res) => ({ status: res.status, body: await res.json(), headers: res.headers }));

  it('26 wrong passwords from 6 addresses do not stop the owner’s right password from a new address (REST)', async () => {
    const owner = await createUser(app.deps);
    const attackers = Array.from({ length: 6 }, freshAddress);
    for (let i = 0; i < 26; i++) expect((await login(owner, `guess-${i}`, attackers[i % 6])).status).toBe(400);
    const res = await login(owner, owner.password, freshAddress());
    expect(res.status).toBe(200);
    expect(res.body.data.token).toBeTruthy();
  });

  it('the same on tRPC', async () => {
    const owner = await createUser(app.deps);
    const attackers = Array.from({ length: 6 }, freshAddress);
    for (let i = 0; i < 26; i++) expect((await loginTrpc(owner, `guess-${i}`, attackers[i % 6])).status).toBe(400);
    const res = await loginTrpc(owner, owner.password, freshAddress());
    expect(res.status).toBe(200);
    expect(res.body.result.data.data.token).toBeTruthy();
  });

  it('the guessing address is refused for that phone after 25 failures, the right password included; others are not', async () => {
    const owner = await createUser(app.deps);
    const other = await createUser(app.deps);
    const attacker = freshAddress();
    for (let i = 0; i < 25; i++) expect((await login(owner, `guess-${i}`, attacker)).status).toBe(400);
    const locked = await login(owner, `guess-25`, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(LOCKED);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even a right guess from that pair is refused: the lock is not an oracle.
    expect((await login(owner, owner.password, attacker)).status).toBe(429);
    const viaTrpc = await loginTrpc(owner, owner.password, attacker);
    expect(viaTrpc.status).toBe(429);
    expect(viaTrpc.body.error.message).toBe(LOCKED);
    // The owner elsewhere, and another phone from the attacker's address, are untouched.
    expect((await login(owner, owner.password, freshAddress())).status).toBe(200);
    expect((await login(other, other.password, attacker)).status).toBe(200);
  });

  it('an address still has its own hourly limit across phones', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await login(await createUser(app.deps), 'wrong-password', address)).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
