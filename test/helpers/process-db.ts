/** A database for a spawned server process: its URL, a way to look inside afterwards, and cleanup. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropMysqlDatabase, openDatabase, type DialectName } from '../../db/connection.ts';

export interface ProcessDatabase {
  url: string;
  dir: string;
  /** Which of these phones have a user row. */
  registeredPhones(phones: string[]): Promise<Set<string>>;
  /** Makes the user of this phone an admin, as `npm run create-admin` does. */
  makeAdmin(phone: string): Promise<void>;
  cleanup(): Promise<void>;
}

export function processDatabase(dialect: DialectName): ProcessDatabase {
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-proc-'));
  let url = `sqlite:${path.join(dir, 'hunter.db')}`;
  if (dialect === 'mysql') {
    const u = new URL(process.env.TEST_MYSQL_URL!);
    u.pathname = `/hunter_test_${suffix}`;
    url = u.toString();
  }
  return {
    url,
    dir,
    async registeredPhones(phones) {
      const handle = await openDatabase(url);
      try {
        const rows = phones.length ? await handle.db.selectFrom('users').select('phone').where('phone', 'in', phones).execute() : [];
        return new Set(rows.map((r) => r.phone ?? ''));
      } finally {
        await handle.close();
      }
    },
    async makeAdmin(phone) {
      const handle = await openDatabase(url);
      try {
        await handle.db.updateTable('users').set({ role: 'admin' }).where('phone', '=', phone).execute();
      } finally {
        await handle.close();
      }
    },
    async cleanup() {
      if (dialect === 'mysql') await dropMysqlDatabase(url);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
