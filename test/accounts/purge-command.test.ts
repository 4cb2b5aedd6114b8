/**
 * `npm run purge` runs the housekeeping an operator would run by hand, with every feature's part of an
 * account (src/server/account-data-parts.ts): its sweep of accounts deactivated within the day removes
 * what a write racing the deactivation left, favourites and follows included. The command once loaded
 * only the parts its imports happened to register, and left those two behind.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { nowDb } from '../../db/time.ts';
import { ACCOUNT_DATA_PARTS } from '../../src/server/account-data-parts.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser } from '../helpers/fixtures.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

describe.each(DIALECTS)('npm run purge on %s', (dialect) => {
  const app = serveTestApp(dialect);

  it('removes the favourites and follows a just-deactivated member was left with', async () => {
    const author = await createUser(app.deps);
    const ideaId = await createIdea(app.deps, author, { title: '注销后还留着的收藏' });
    const leaving = await createUser(app.deps);
    const staying = await createUser(app.deps);
    const deactivated = await app.api('POST', '/api/users/deactivate', { token: leaving.token, body: { reason: '不用了', password: leaving.password } });
    expect(deactivated.status).toBe(200);

    // Written as the deactivation committed (a favourite and a follow racing it), and one that stays.
    const db = app.deps.db;
    await db
      .insertInto('favorites')
      .values([
        { user_id: leaving.id, idea_id: ideaId, created_at: nowDb() },
        { user_id: staying.id, idea_id: ideaId, created_at: nowDb() },
      ])
      .execute();
    await db
      .insertInto('follows')
      .values([
        { follower_id: leaving.id, followee_id: author.id, created_at: nowDb() },
        { follower_id: staying.id, followee_id: author.id, created_at: nowDb() },
      ])
      .execute();

    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/purge.ts'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: app.deps.config.databaseUrl, LOG_LEVEL: 'silent' } });
    expect(stdout).toContain('清理完成');

    const favourites = await db.selectFrom('favorites').select('user_id').where('idea_id', '=', ideaId).execute();
    expect(favourites.map((f) => f.user_id)).toEqual([staying.id]);
    const follows = await db.selectFrom('follows').select('follower_id').where('followee_id', '=', author.id).execute();
    expect(follows.map((f) => f.follower_id)).toEqual([staying.id]);
  }, 60_000);
});

describe('the account parts list', () => {
  it('holds every part a feature declares', async () => {
    const declared: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith('.ts')) for (const m of fs.readFileSync(file, 'utf8').matchAll(/export const (\w+): AccountDataPart\b/g)) declared.push(m[1]);
      }
    };
    walk(path.join(ROOT, 'src/server'));
    expect(declared.length).toBe(ACCOUNT_DATA_PARTS.length);
    const listed = fs.readFileSync(path.join(ROOT, 'src/server/account-data-parts.ts'), 'utf8');
    for (const name of declared) expect(listed).toMatch(new RegExp(`\\b${name}\\b.*\\]`));
  });
});
