import { describe, expect, it } from 'vitest';
import { DEMO_IDEAS, DEMO_PASSWORD, DEMO_USERS, seedDemoData } from '../../src/server/seed/demo.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import {} from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';

describe.each(DIALECTS)('demo data on %s', (dialect) => {
  const app = serveTestApp(dialect);

  it('seeds users who can log in and a living library, once', async () => {
    const first = await seedDemoData(app.deps.db);
    expect(first).toEqual({ users: DEMO_USERS.length, ideas: DEMO_IDEAS.length });
    expect(await seedDemoData(app.deps.db)).toEqual({ users: 0, ideas: 0 });
    const login = await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: DEMO_USERS[0].phone, password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    const publicIdeas = (await app.api('GET', '/api/ideas/all?limit=50')).body.data;
    expect(publicIdeas.length).toBe(DEMO_IDEAS.filter((i) => i.state === 'public').length);
    const mine = (await app.api('GET', '/api/ideas/my?status=all', { token: login.body.data.token })).body.data;
    expect(mine.some((i: { moderation_status: string }) => i.moderation_status === 'review')).toBe(true);
  });
});
