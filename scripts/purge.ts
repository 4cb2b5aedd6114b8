/** `npm run purge`: the housekeeping job once (recycle bin past 7 days, expired sessions and codes). */
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDeps } from '../src/server/deps.ts';
import { runHousekeeping } from '../src/server/jobs/index.ts';

const config = loadConfig();
const handle = await openDatabase(config.databaseUrl);
try {
  await migrateToLatest(handle.db);
  await runHousekeeping(createDeps(handle, config));
  console.log('清理完成');
} finally {
  await handle.close();
}
