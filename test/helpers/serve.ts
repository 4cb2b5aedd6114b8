/**
 * The one server-start fixture for a test file or `describe` block: a test app (helpers/api.ts) started
 * before its tests and closed after them, with its database dropped. Register it first, so the block's
 * own `beforeAll` (users, ideas) runs once the app is up.
 */
import { afterAll, beforeAll } from 'vitest';
import type { DialectName } from '../../db/connection.ts';
import { startTestApp, type TestApp, type TestOverrides } from './api.ts';

/** Overrides, or a function giving them when the app starts (for values made in an earlier hook). */
type Settings = TestOverrides | (() => TestOverrides);

export function serveTestApp(dialect: DialectName, settings: Settings = {}): TestApp {
  let started: TestApp | undefined;
  const app = () => {
    if (!started) throw new Error('the test app starts in beforeAll: use it inside a hook or a test');
    return started;
  };
  beforeAll(async () => {
    started = await startTestApp(dialect, typeof settings === 'function' ? settings() : settings);
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    get deps() {
      return app().deps;
    },
    get db() {
      return app().db;
    },
    get url() {
      return app().url;
    },
    api: (method, path, options) => app().api(method, path, options),
    makeAdmin: (userId) => app().makeAdmin(userId),
    close: () => app().close(),
  };
}
