/**
 * The conformance gate (vitest setupFiles): every /api answer a test receives through fetch (so
 * through `app.api` too) is checked against /api/openapi.json with ajv (contract.ts). A mismatch
 * rejects the fetch that received it, so the test that made the call fails with the reason, and the
 * file fails in afterAll even if a test swallowed that rejection. Counts go to the run's report
 * (contract-report.ts prints the total).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import type { createContract } from './contract.ts';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** The document itself is not one of the operations it describes. */
const NOT_AN_OPERATION = new Set(['/api/openapi.json']);

let contract: Promise<ReturnType<typeof createContract>> | undefined;
const seen = { responses: 0, bodiless: 0, outside: 0, operations: {} as Record<string, number> };
const mismatches: string[] = [];

const originalFetch = globalThis.fetch;

async function conform(method: string, url: URL, res: Response): Promise<string[]> {
  contract ??= import('./contract.ts').then((m) => m.createContract());
  const mediaType = (res.headers.get('content-type') ?? '').split(';')[0].trim();
  if (mediaType && mediaType !== 'application/json') {
    // A documented download (a ZIP archive): its media type must be the one the document names.
    const verdict = (await contract).check(method, url.pathname, res.status, undefined, mediaType);
    if (verdict.problems.length) return verdict.problems;
    seen.responses += 1;
    if (verdict.operationId) seen.operations[verdict.operationId] = (seen.operations[verdict.operationId] ?? 0) + 1;
    return [];
  }
  const text = await res.clone().text();
  let body: unknown;
  if (text !== '') {
    if (!/^application\/json\b/.test(res.headers.get('content-type') ?? '')) return [`${method} ${url.pathname} ${res.status}: answered ${res.headers.get('content-type')}, not JSON`];
    try {
      body = JSON.parse(text);
    } catch {
      return [`${method} ${url.pathname} ${res.status}: the body is not JSON`];
    }
  }
  const verdict = (await contract).check(method, url.pathname, res.status, body);
  if (verdict.problems.length) return verdict.problems;
  seen.responses += 1;
  if (body === undefined) seen.bodiless += 1;
  if (verdict.operationId) seen.operations[verdict.operationId] = (seen.operations[verdict.operationId] ?? 0) + 1;
  else seen.outside += 1;
  return [];
}

globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
  const res = await originalFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!LOCAL_HOSTS.has(url.hostname) || !url.pathname.startsWith('/api/') || NOT_AN_OPERATION.has(url.pathname)) return res;
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const problems = await conform(method, url, res);
  if (problems.length) {
    mismatches.push(...problems);
    throw new Error(`The answer does not match /api/openapi.json: ${problems.join(' | ')}`);
  }
  return res;
};

afterAll(() => {
  const dir = inject('contractReportDir');
  if (dir && (seen.responses || mismatches.length)) {
    const file = expect.getState().testPath ?? 'unknown';
    fs.writeFileSync(path.join(dir, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`), JSON.stringify({ file, ...seen, mismatches }));
  }
  if (mismatches.length) throw new Error(`${mismatches.length} answer(s) did not match /api/openapi.json:\n${mismatches.join('\n')}`);
});
