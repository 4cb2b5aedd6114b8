/**
 * REDIS_URL and REDIS_CHANNEL as the server reads them: without REDIS_URL no Redis connection is made
 * at all (ioredis is counted), health says the bus is off; a wrong address stops the start with a
 * Chinese message that hides its password; the channel names the database unless given.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, ConfigError } from '../../src/server/kernel/config.ts';
import { startTestApp } from '../helpers/api.ts';
import { createUser } from '../helpers/fixtures.ts';
import { describeWithRedis, startRedisServer, type TestRedis } from '../helpers/redis-server.ts';

const made = vi.hoisted(() => ({ connections: 0 }));
vi.mock('ioredis', async (importOriginal) => {
  const actual = await importOriginal<typeof import('ioredis')>();
  class CountedRedis extends actual.Redis {
    constructor(...args: ConstructorParameters<typeof actual.Redis>) {
      super(...args);
      made.connections += 1;
    }
  }
  return { ...actual, Redis: CountedRedis, default: CountedRedis };
});

function configWith(env: Record<string, string | undefined>) {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
  try {
    return loadConfig();
  } finally {
    process.env = saved;
  }
}

describe('REDIS_URL and REDIS_CHANNEL', () => {
  it('are off unless set, and the channel names the database', () => {
    expect(configWith({ REDIS_URL: undefined }).changeBus).toBeNull();
    expect(configWith({ REDIS_URL: 'redis://:pw@cache:6379', DATABASE_URL: 'mysql://hunter:pw@db:3306/hunter', REDIS_CHANNEL: undefined }).changeBus).toEqual({
      url: 'redis://:pw@cache:6379',
      channel: 'hunter-ideas:changes:hunter',
    });
    expect(configWith({ REDIS_URL: 'rediss://cache:6380', DATABASE_URL: 'sqlite:./data/x.db', REDIS_CHANNEL: undefined }).changeBus?.channel).toBe(
      `hunter-ideas:changes:${path.resolve('./data/x.db')}`,
    );
    expect(configWith({ REDIS_URL: 'redis://cache', REDIS_CHANNEL: 'site-a' }).changeBus?.channel).toBe('site-a');
  });

  it('refuses an address that is not redis:// or rediss://, without showing its password', () => {
    for (const wrong of ['http://:secret@cache:6379', 'cache:6379', 'redis://']) {
      let error: unknown;
      try {
        configWith({ REDIS_URL: wrong });
      } catch (err) {
        error = err;
      }
      expect(error, wrong).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('REDIS_URL 只能是 redis://:密码@主机:端口');
      expect((error as Error).message).not.toContain('secret');
    }
  });
});

describeWithRedis('Redis connections', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.kill();
  });

  it('none without REDIS_URL; two (publisher and subscriber) with it', async () => {
    made.connections = 0;
    const off = await startTestApp('sqlite');
    try {
      const member = await createUser(off.deps);
      expect((await off.api('POST', '/api/auth/logout', { token: member.token, body: {} })).status).toBe(200);
      expect((await off.api('GET', '/api/health')).body.data).toMatchObject({ status: 'ok', changeBus: { state: 'off' } });
      expect(made.connections).toBe(0);
    } finally {
      await off.close();
    }

    const on = await startTestApp('sqlite', { changeBus: { url: redis.url, channel: `hunter-test:${randomUUID()}` } });
    try {
      expect(made.connections).toBe(2);
      await vi.waitFor(() => expect(on.deps.changeBus.state).toBe('connected'), { timeout: 5000 });
      expect((await on.api('GET', '/api/health')).body.data).toMatchObject({ status: 'ok', changeBus: { state: 'connected' } });
    } finally {
      await on.close();
    }
  });
});
