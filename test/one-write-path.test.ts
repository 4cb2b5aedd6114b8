/**
 * Issue 18: every write transaction goes through db/transaction.ts, which retries MariaDB's
 * deadlocks and lock waits. A raw `db.transaction()` elsewhere would let them reach a member as
 * a 503; this keeps a merge or a new feature from bringing one back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('one write path', () => {
  it('no module but db/transaction.ts opens a transaction itself', () => {
    const raw = [...sourceFiles(path.join(ROOT, 'src/server')), ...sourceFiles(path.join(ROOT, 'db'))]
      .filter((file) => !file.endsWith(path.join('db', 'transaction.ts')))
      .filter((file) => /\.transaction\(\)/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(raw).toEqual([]);
  });
});
