import { sql } from 'kysely';
import type { Deps } from '../deps.ts';

export const CONNECTION_OK = '数据库连接正常';
export const CONNECTION_FAILED = 'test connection failed';

/** Asks the database one trivial question; the /test-db page and GET /api/test-connection show the answer. */
export async function testConnection(deps: Deps): Promise<{ ok: boolean; dialect: string; message: string }> {
  try {
    await sql`select 1`.execute(deps.db);
    return { ok: true, dialect: deps.handle.dialect, message: CONNECTION_OK };
  } catch {
    return { ok: false, dialect: deps.handle.dialect, message: '数据库连接失败' };
  }
}

export function siteIdentity(deps: Deps) {
  return { ...deps.config.site, moderation: deps.config.moderation, production: deps.config.production };
}
