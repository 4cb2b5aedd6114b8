/** /api/health (liveness) and /api/health/ready (readiness) on each dialect, and their OpenAPI entries. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { DIALECTS } from '../helpers/dialects.ts';

describe.each(DIALECTS)('health on %s', (dialect) => {
  const app = serveTestApp(dialect);

  it('answers liveness without the database and readiness with it', async () => {
    const live = await app.api('GET', '/api/health');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ success: true, message: '服务运行中', data: { status: 'ok', changeBus: { state: 'off' } } });
    const ready = await app.api('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({
      ready: true,
      database: { ok: true, dialect },
      pendingMigrations: [],
      message: '服务已就绪',
      sms: { provider: 'console', configured: true },
      storage: { kind: 'local' },
      changeBus: { state: 'off' },
    });
  });

  it('is not ready while a migration is pending', async () => {
    const last = await app.deps.db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`name`.as('name'))
      .orderBy(sql`name`, 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${last.name}`.execute(app.deps.db);
    try {
      const ready = await app.api('GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ message: '数据库迁移尚未完成', data: { ready: false, pendingMigrations: [last.name] } });
      // Liveness does not care.
      expect((await app.api('GET', '/api/health')).status).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${new Date().toISOString()})`.execute(app.deps.db);
    }
    expect((await app.api('GET', '/api/health/ready')).status).toBe(200);
  });

  it('documents both paths in /api/openapi.json, beside /api/test-connection', async () => {
    const doc = await app.api('GET', '/api/openapi.json');
    expect(doc.body.paths['/api/health'].get.summary).toContain('存活');
    expect(doc.body.paths['/api/health/ready'].get.responses['503']).toBeTruthy();
    expect(doc.body.paths['/api/test-connection'].get).toBeTruthy();
  });
});

describe('health when the database is gone', () => {
  it('readiness answers 503 and liveness still 200', async () => {
    const app = await startTestApp('sqlite');
    try {
      await app.deps.handle.close();
      const ready = await app.api('GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ message: '数据库无法连接', data: { ready: false, database: { ok: false } } });
      expect((await app.api('GET', '/api/health')).status).toBe(200);
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
