/** The spec's connection check (/test-db shows it): GET /api/test-connection and site.testConnection answer in Chinese. */
import { describe, expect, it } from 'vitest';
import { CONNECTION_TEXT } from '../../src/shared/site-texts.ts';
import { createTestDatabase } from '../helpers/dialects.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';

/** Every letter a person reads: Chinese, with the engine's name as the one Latin word allowed. */
const readsChinese = (text: string) => /[\u4e00-\u9fff]/.test(text) && !/[A-Za-z]/.test(text);

describe.each(DIALECTS)('the connection check on %s', (dialect) => {
  const app = serveTestApp(dialect);

  const ask = {
    rest: async () => {
      const res = await app.api('GET', '/api/test-connection');
      return { status: res.status, message: res.body.message, data: res.body.data };
    },
    trpc: async () => {
      const res = await trpcCall(app, 'query', 'site.testConnection');
      return { status: res.status, message: res.body.result.data.message, data: res.body.result.data.data };
    },
  };

  for (const transport of ['rest', 'trpc'] as const) {
    it(`says the database answers, in Chinese (${transport})`, async () => {
      const res = await ask[transport]();
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ ok: true, dialect, message: CONNECTION_TEXT.ok });
      expect(readsChinese(res.message)).toBe(true);
    });

    it(`says the database is unreachable, in Chinese (${transport})`, async () => {
      // A database handle that has been closed: every query fails, as with a database that went away.
      const gone = await createTestDatabase(dialect);
      await gone.drop();
      const db = app.deps.db;
      app.deps.db = gone.handle.db;
      try {
        const res = await ask[transport]();
        expect(res.data).toEqual({ ok: false, dialect, message: CONNECTION_TEXT.failed });
        expect(readsChinese(res.message)).toBe(true);
        if (transport === 'rest') expect(res.status).toBe(503);
      } finally {
        app.deps.db = db;
      }
    });
  }

  it('has no English text left for the page to show', () => {
    for (const text of Object.values(CONNECTION_TEXT)) expect(readsChinese(text), text).toBe(true);
  });
});
