/**
 * Database failures in the log (an outside review: a 12 s outage of two processes wrote 2,900 plain
 * lines, one per request, without the JSON of every other line): one line per kind and place every
 * DATABASE_FAILURE_LOG_EVERY_MS, with how many more there were, through the server's logger. A
 * controlled clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FAILURE_LOG_EVERY_MS, logFailure } from '../../src/server/kernel/errors.ts';
import { useProcessLogger } from '../../src/server/kernel/process-log.ts';

type Line = { level: 'warn' | 'error'; fields: Record<string, unknown>; msg: string };

function capture(): Line[] {
  const lines: Line[] = [];
  useProcessLogger({
    warn: ((fields: Record<string, unknown>, msg: string) => void lines.push({ level: 'warn', fields, msg })) as never,
    error: ((fields: Record<string, unknown>, msg: string) => void lines.push({ level: 'error', fields, msg })) as never,
  });
  return lines;
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });

describe('database failures in the log', () => {
  afterEach(() => useProcessLogger(undefined));

  it('writes one line per kind and place in each window, then says how many it left out', () => {
    const lines = capture();
    const t0 = 1_000_000_000;
    for (let i = 0; i < 100; i++) logFailure('api', refused(), t0 + i * 10);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', msg: '数据库连接失败：ECONNREFUSED connect ECONNREFUSED 127.0.0.1:3306', fields: { where: 'api', failure: 'connection', code: 'ECONNREFUSED' } });
    // Another place has its own line.
    logFailure('fast-lane', refused(), t0 + 1000);
    expect(lines).toHaveLength(2);
    // The next window: one line, with the 99 left out of the first.
    logFailure('api', refused(), t0 + DATABASE_FAILURE_LOG_EVERY_MS + 1);
    expect(lines).toHaveLength(3);
    expect(lines[2].fields).toMatchObject({ where: 'api', alsoSince: 99 });
  });

  it('writes any other error whole, every time', () => {
    const lines = capture();
    for (let i = 0; i < 3; i++) logFailure('api', new TypeError('x is undefined'), 5);
    expect(lines.map((l) => l.level)).toEqual(['error', 'error', 'error']);
    expect(lines[0].msg).toBe('[api] x is undefined');
    expect(lines[0].fields.err).toBeInstanceOf(TypeError);
  });
});
