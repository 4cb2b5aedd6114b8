/**
 * A database someone else created: each MariaDB database here is made the way an operator,
 * compose's MARIADB_DATABASE or the server's configuration might have made it — utf8mb4_unicode_ci,
 * utf8mb4_general_ci, utf8mb4_uca1400_ai_ci where the server has it, and even latin1 — then migrated
 * and used. Tables declare their own charset and collation (migration 2026_11_26_0002), so tags,
 * search entries, nicknames, comments and view keys with emoji, full-width letters and rare CJK
 * characters (outside the Basic Multilingual Plane) never collide and never fail, as on SQLite, which
 * runs the same checks.
 */
import { sql } from 'kysely';
import { createConnection } from 'mysql2/promise';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseMysqlUrl, type DialectName } from '../../db/connection.ts';
import { communityDay } from '../../src/shared/constants.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

/** What MySQL/MariaDB databases were created with; the server's own default is utf8mb4_general_ci here. */
async function collationsToTry(): Promise<string[]> {
  if (!process.env.TEST_MYSQL_URL) return [];
  const { database: _, ...target } = parseMysqlUrl(process.env.TEST_MYSQL_URL);
  const admin = await createConnection(target);
  try {
    const [rows] = await admin.query("SHOW COLLATION WHERE Collation IN ('utf8mb4_unicode_ci', 'utf8mb4_general_ci', 'utf8mb4_uca1400_ai_ci', 'latin1_swedish_ci')");
    const have = new Set((rows as { Collation: string }[]).map((r) => r.Collation));
    return ['utf8mb4_unicode_ci', 'utf8mb4_general_ci', 'utf8mb4_uca1400_ai_ci', 'latin1_swedish_ci'].filter((c) => have.has(c));
  } finally {
    await admin.end();
  }
}

const CASES: { dialect: DialectName; collation?: string }[] = [{ dialect: 'sqlite' }, ...(await collationsToTry()).map((collation) => ({ dialect: 'mysql' as const, collation }))];

describe.each(CASES)('text on $dialect, database created with $collation', ({ dialect, collation }) => {
  const app = serveTestApp(dialect, { databaseCollation: collation });
  let author: FixtureUser;

  beforeAll(async () => {
    author = await createUser(app.deps, { nickname: '🐯猎人𠮷ＡＩ' });
  });

  it('declares utf8mb4 and one binary collation on every text column, whatever the database says', async ({ skip }) => {
    if (dialect !== 'mysql') return skip();
    const { rows } = await sql<{ CHARACTER_SET_NAME: string; COLLATION_NAME: string }>`SELECT CHARACTER_SET_NAME, COLLATION_NAME FROM information_schema.COLUMNS
      WHERE TABLE_SCHEMA = DATABASE() AND COLLATION_NAME IS NOT NULL AND TABLE_NAME NOT LIKE 'kysely%'`.execute(app.deps.db);
    expect(rows.length).toBeGreaterThan(30);
    expect(new Set(rows.map((r) => r.CHARACTER_SET_NAME))).toEqual(new Set(['utf8mb4']));
    const collations = new Set(rows.map((r) => r.COLLATION_NAME));
    expect(collations.size).toBe(1);
    expect([...collations][0]).toMatch(/^utf8mb4_(nopad_bin|0900_bin|bin)$/);
  });

  it('keeps emoji, full-width and rare CJK tags apart in similar ideas (REST and tRPC)', async () => {
    const tagsOf = (ts: string[]) => ({ tags: ts });
    const base = await createIdea(app.deps, author, { title: '赤橙黄绿', ...tagsOf(['🎲', '𠮷野', 'ＡＩ', 'café']) });
    // Equal to base's tags under a case-, width- or accent-insensitive collation, or one that gives
    // every character outside the BMP the same weight: never similar here.
    const lookalike = await createIdea(app.deps, author, { title: '青蓝紫白', ...tagsOf(['🎳', '𪚥野', 'ai', 'cafe']) });
    // Two tags really shared: similar.
    const twin = await createIdea(app.deps, author, { title: '黑灰金银', ...tagsOf(['🎲', '𠮷野']) });
    const rest = await app.api('GET', `/api/ideas/${base}/similar`);
    expect(rest.status).toBe(200);
    expect(rest.body.data.map((i: { id: number }) => i.id)).toEqual([twin]);
    const trpc = await trpcCall(app, 'query', 'ideas.similar', { id: base });
    expect(trpc.body.result.data.data.map((i: { id: number }) => i.id)).toEqual([twin]);
    expect(lookalike).not.toBe(twin);
  });

  it('publishes tags, titles and descriptions with emoji and rare CJK characters, and finds each by its own characters', async () => {
    const one = await app.api('POST', '/api/ideas', { token: author.token, body: { status: 'published', title: '𠮷野家的新店开张', description: '🍜 牛丼和𩸽鱼定食', tags: ['𠮷野', '🍜', 'ＡＩ'] } });
    expect(one.status).toBe(201);
    const other = await app.api('POST', '/api/ideas', { token: author.token, body: { status: 'published', title: '𪚥野家的旧店关门', description: '另一家店', tags: ['𪚥野'] } });
    expect(other.status).toBe(201);
    expect(one.body.data.tags).toEqual(['𠮷野', '🍜', 'ＡＩ']);
    const found = await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent('𠮷野家')}`);
    expect(found.body.data.map((i: { id: number }) => i.id)).toEqual([one.body.data.id]);
    const fish = await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent('𩸽鱼')}`);
    expect(fish.body.data.map((i: { id: number }) => i.id)).toEqual([one.body.data.id]);
  });

  it('stores nicknames and comments with emoji and rare CJK characters as written', async () => {
    const page = await app.api('GET', `/api/auth/user/${author.registrationNumber}`);
    expect(page.body.data.user.nickname).toBe('🐯猎人𠮷ＡＩ');
    const idea = await createIdea(app.deps, author, { title: '留言测试' });
    const reader = await createUser(app.deps);
    const content = '好主意🎉𠮷ＡＩ，期待！';
    const posted = await app.api('POST', '/api/comments', { token: reader.token, body: { ideaId: idea, content } });
    expect(posted.status).toBe(201);
    const listed = await app.api('GET', `/api/comments/idea/${idea}`);
    expect(listed.body.data.map((c: { content: string }) => c.content)).toEqual([content]);
    // The author's notice quotes it, and sums the next one into the same message (a text comparison).
    const again = await app.api('POST', '/api/comments', { token: reader.token, body: { ideaId: idea, content: '再来一条😀' } });
    expect(again.status).toBe(201);
    const messages = await app.deps.db.selectFrom('messages').select('content').where('user_id', '=', author.id).where('idea_id', '=', idea).execute();
    expect(messages.length).toBe(1);
  });

  it('counts two guests whose view keys differ only in case as two', async () => {
    const idea = await createIdea(app.deps, author, { title: '访客计数' });
    const day = communityDay(new Date());
    await app.deps.db.insertInto('idea_views').values({ idea_id: idea, viewer: 'ip:AbCdEf', day }).execute();
    await app.deps.db.insertInto('idea_views').values({ idea_id: idea, viewer: 'ip:abcdef', day }).execute();
    expect((await app.deps.db.selectFrom('idea_views').select('viewer').where('idea_id', '=', idea).execute()).length).toBe(2);
  });
});
