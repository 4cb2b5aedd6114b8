/**
 * `npm run lint:api` (CI): the REST document, exactly as /api/openapi.json serves it, must pass two
 * checks. Ours: no request can name two operations (src/server/rest/document-paths.ts, which tests
 * each fixed path segment against the other path's parameter schema). Redocly's: its recommended
 * rules with warnings as errors (redocly.yaml), run offline. Exits non-zero when either fails.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ambiguousOperations, type ContractDocument } from '../src/server/rest/document-paths.ts';
import { restRoutes } from '../src/server/rest/index.ts';
import { buildOpenApi } from '../src/server/rest/openapi.ts';

const root = path.resolve(import.meta.dirname, '..');
const doc = buildOpenApi(restRoutes);

const ambiguous = ambiguousOperations(doc as unknown as ContractDocument);
for (const [a, b] of ambiguous) console.error(`ambiguous: ${a.method.toUpperCase()} ${a.path} (${a.operationId}) and ${b.path} (${b.operationId}) can both match one request`);
const operations = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
console.log(`${operations} operations on ${Object.keys(doc.paths).length} paths; ${ambiguous.length} pairs that one request could both name`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-openapi-'));
const file = path.join(dir, 'openapi.json');
fs.writeFileSync(file, JSON.stringify(doc, null, 2));
const redocly = spawnSync(path.join(root, 'node_modules/.bin/redocly'), ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish'], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
fs.rmSync(dir, { recursive: true, force: true });
process.exit(ambiguous.length || redocly.status !== 0 ? 1 : 0);
