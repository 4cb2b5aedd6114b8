/**
 * Personal answers are never stored by a browser or a proxy: every answer to a
 * caller with a token, and every write's answer, says `Cache-Control: no-store`, whether the fast
 * lane or Express sends it, on both transports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/server/rest/index.ts';
import { operationsByProcedure } from '../../src/server/trpc/init.ts';
import { appRouter } from '../../src/server/trpc/routers/index.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { startTestApp, trpcCall, type TestApp } from '../helpers/api.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

const noStore = (headers: Headers) =>
  (headers.get('cache-control') ?? '')
    .split(',')
    .map((s) => s.trim())
    .includes('no-store');

describe.each(DIALECTS)('personal answers on %s', (dialect) => {
  let app: TestApp;
  let admin: FixtureUser;
  let ideaId: number;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    admin = await createUser(app.deps);
    await app.makeAdmin(admin.id);
    ideaId = await createIdea(app.deps, admin);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the signed-in user, messages and favourites say no-store on both transports', async () => {
    const personal: [string, Promise<{ status: number; headers: Headers }>][] = [
      ['REST auth.me (fast lane)', app.api('GET', '/api/auth/me', { token: admin.token })],
      ['REST messages (Express)', app.api('GET', '/api/messages', { token: admin.token })],
      ['REST favourites (Express)', app.api('GET', '/api/favorites', { token: admin.token })],
      ['REST deactivation stats (Express)', app.api('GET', '/api/users/deactivation-stats', { token: admin.token })],
      ['tRPC auth.me (fast lane)', trpcCall(app, 'query', 'auth.me', undefined, admin.token)],
      ['tRPC messages.list (Express)', trpcCall(app, 'query', 'messages.list', undefined, admin.token)],
      ['tRPC favorites.list (Express)', trpcCall(app, 'query', 'favorites.list', undefined, admin.token)],
      ['tRPC ideas.byId as a member (Express)', trpcCall(app, 'query', 'ideas.byId', { id: ideaId }, admin.token)],
    ];
    for (const [name, pending] of personal) {
      const res = await pending;
      expect(res.status, name).toBe(200);
      expect(noStore(res.headers), `${name}: ${res.headers.get('cache-control')}`).toBe(true);
    }
  });

  it('every REST GET answered to a token says no-store, whatever its status', async () => {
    const params: Record<string, string> = { id: String(ideaId), ideaId: String(ideaId), registrationNumber: admin.registrationNumber };
    for (const route of restRoutes.filter((r) => r.method === 'get')) {
      const path = '/api' + route.path.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? '1');
      const res = await app.api('GET', path, { token: admin.token });
      expect(res.status, path).toBeLessThan(500);
      expect(noStore(res.headers), `${path}: ${res.headers.get('cache-control')}`).toBe(true);
    }
  });

  it('every tRPC query answered to a token says no-store, whatever its status', async () => {
    const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures;
    const queries = Object.entries(procedures).filter(([, p]) => p._def.type === 'query');
    expect(queries.length).toBeGreaterThan(20);
    // tRPC's own list (its internals, read here only) and the registry the fast lane and the REST
    // document use name the same procedures.
    expect([...operationsByProcedure(appRouter).keys()].sort()).toEqual(Object.keys(procedures).sort());
    for (const [name] of queries) {
      expect(operationsByProcedure(appRouter).get(name), name).toBeTruthy();
      const res = await trpcCall(app, 'query', name, { id: ideaId, ideaId }, admin.token);
      expect(res.status, name).toBeLessThan(500);
      expect(noStore(res.headers), `${name}: ${res.headers.get('cache-control')}`).toBe(true);
    }
  });

  it('answers to writes (a login carries a token and a phone) say no-store', async () => {
    const member = await createUser(app.deps);
    const rest = await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: member.phone, password: member.password } });
    expect(rest.status).toBe(200);
    expect(noStore(rest.headers)).toBe(true);
    const trpc = await trpcCall(app, 'mutation', 'auth.login', { loginType: 'phone', phone: member.phone, password: member.password });
    expect(trpc.status).toBe(200);
    expect(noStore(trpc.headers)).toBe(true);
  });

  it('a guest’s public page stays shareable (no no-store)', async () => {
    const res = await app.api('GET', '/api/ideas/guest');
    expect(res.status).toBe(200);
    expect(noStore(res.headers)).toBe(false);
  });
});
