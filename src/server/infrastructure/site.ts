import { sql } from 'kysely';
import type { Deps } from '../deps.ts';
import { CONNECTION_TEXT } from '../../shared/site-texts.ts';

/** Asks the database one trivial question; the /test-db page and GET /api/test-connection show the answer. */
export async function testConnection(deps: Deps): Promise<{ ok: boolean; dialect: string; message: string }> {
  try {
    await sql`select 1`.execute(deps.db);
    return { ok: true, dialect: deps.handle.dialect, message: CONNECTION_TEXT.ok };
  } catch {
    return { ok: false, dialect: deps.handle.dialect, message: CONNECTION_TEXT.failed };
  }
}

/**
 * What the client needs to know of this server. `acceptsTestCode`: the SMS provider's codes reach
 * no one, so the test code stands in for them (sms.ts `showsCodes`); the register form refuses it
 * early otherwise, with a real gateway outside production too.
 */
export function siteIdentity(deps: Deps) {
  return { ...deps.config.site, moderation: deps.config.moderation, production: deps.config.production, acceptsTestCode: !!deps.sms.showsCodes };
}
