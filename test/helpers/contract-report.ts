/**
 * vitest globalSetup: a folder for each test file's conformance counts (contract-setup.ts), and at
 * the end of the run their sum: how many REST answers were checked against the document, across how
 * many of its operations, and which operations no test reached.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    contractReportDir: string;
  }
}

interface FileReport {
  responses: number;
  bodiless: number;
  outside: number;
  operations: Record<string, number>;
  mismatches: string[];
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-contract-'));
  project.provide('contractReportDir', dir);
  return async () => {
    const reports = fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as FileReport);
    fs.rmSync(dir, { recursive: true, force: true });
    if (!reports.length) return;
    const operations = new Map<string, number>();
    for (const r of reports) for (const [id, n] of Object.entries(r.operations)) operations.set(id, (operations.get(id) ?? 0) + n);
    const sum = (key: 'responses' | 'bodiless' | 'outside') => reports.reduce((n, r) => n + r[key], 0);
    const failed = reports.reduce((n, r) => n + r.mismatches.length, 0);
    const { createContract } = await import('./contract.ts');
    const all = createContract().operationIds;
    const missed = all.filter((id) => !operations.has(id));
    console.log(
      `\n[contract] validated ${sum('responses')} REST responses across ${operations.size} of ${all.length} operations against /api/openapi.json` +
        ` (${sum('outside')} on paths outside the document, as failures; ${sum('bodiless')} without a body: 304/HEAD)` +
        (failed ? `; ${failed} DID NOT MATCH` : '; none failed') +
        // A run of one or two files reaches few operations by design: name the missed ones on bigger runs.
        (missed.length && reports.length > 2 ? `\n[contract] no test reached: ${missed.join(', ')}` : ''),
    );
  };
}
