/**
 * The REST contract: docs/api.md's typed-client script runs against a server, its
 * generated types are current, no request names two operations, and the conformance checker
 * (helpers/contract.ts, run on every answer by helpers/contract-setup.ts) refuses what it should.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTypesSource, API_TYPES_FILE } from '../../scripts/api-types.ts';
import { ambiguousOperations, type ContractDocument } from '../../src/server/rest/document-paths.ts';
import { restRoutes } from '../../src/server/rest/index.ts';
import { buildOpenApi } from '../../src/server/rest/openapi.ts';
import { createContract } from '../helpers/contract.ts';
import { startTestApp, type TestApp } from '../helpers/api.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { createIdea, createUser } from '../helpers/fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function runScript(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', 'examples/newest-ideas.ts', ...args], { cwd: ROOT, timeout: 60_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${err.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

describe.each(DIALECTS)('the typed client script on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the newest ideas, signs in and favourites one (examples/newest-ideas.ts)', async () => {
    const author = await createUser(app.deps);
    await createIdea(app.deps, author, { title: '旧一些的创意', ageMs: 60_000 });
    const newest = await createIdea(app.deps, author, { title: '最新的创意', ageMs: 1_000 });
    const reader = await createUser(app.deps, { nickname: '读者甲' });

    const out = await runScript([app.url, reader.phone, reader.password]);
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe(`#${newest} 最新的创意（0 人收藏）`);
    expect(lines[1]).toMatch(/^#\d+ 旧一些的创意（0 人收藏）$/);
    expect(lines[2]).toBe('没有更多了');
    expect(lines[3]).toBe(`读者甲 收藏了 #${newest}：收藏成功，共 1 人收藏`);
    const check = await app.api('GET', `/api/favorites/check/${newest}`, { token: reader.token });
    expect(check.body.data).toEqual({ isFavorite: true, favoriteCount: 1 });
  });
});

describe('the REST document', () => {
  const doc = buildOpenApi(restRoutes) as unknown as ContractDocument;

  it('is what examples/api-types.ts was generated from (npm run api:types)', async () => {
    expect(fs.readFileSync(API_TYPES_FILE, 'utf8') === (await apiTypesSource()), 'examples/api-types.ts is stale: run npm run api:types').toBe(true);
  });

  it('names every REST operation once, with no request that two operations can both match', () => {
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(ids).toHaveLength(restRoutes.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ambiguousOperations(doc)).toEqual([]);
    // The check sees what Redocly's no-ambiguous-paths misses: a fixed segment a parameter accepts.
    const loose = structuredClone(doc);
    loose.paths['/api/ideas/user/{id}'].get.parameters![0].schema = { type: 'string', maxLength: 20 };
    expect(ambiguousOperations(loose).map(([a, b]) => [a.operationId, b.operationId])).toEqual([['ideas.userLatest', 'ideas.userPublic']]);
  });

  it('refuses an answer that is not documented', () => {
    const { check } = createContract(doc);
    expect(check('GET', '/api/health', 200, { success: true, message: '服务运行中', data: { status: 'ok', uptimeSeconds: 3, changeBus: { state: 'off' } } }).problems).toEqual([]);
    expect(check('GET', '/api/health', 200, { success: true, data: { status: 'ok' } }).problems.join()).toContain("must have required property 'uptimeSeconds'");
    expect(check('GET', '/api/health', 200, { success: true, data: { status: 'ok', uptimeSeconds: 3, changeBus: { state: 'off' } }, extra: 1 }).problems.join()).toContain(
      'must NOT have additional properties',
    );
    expect(check('GET', '/api/health', 404, { success: false, message: '不存在' }).problems.join()).toContain('status not documented');
    expect(check('POST', '/api/comments', 201, { success: false, message: '失败' }).problems.join()).toContain('comments.create');
    expect(check('GET', '/api/no-such-path', 200, { success: true, data: null }).problems.join()).toContain('not in the document');
    expect(check('GET', '/api/no-such-path', 404, { success: false, message: '接口不存在' }).problems).toEqual([]);
    expect(check('GET', '/api/no-such-path', 404, { success: false, message: '接口不存在', stack: 'Error' }).problems).not.toEqual([]);
  });
});
