/** `npm run purge`: the housekeeping job once (recycle bin past 7 days, expired sessions and codes). */
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createDeps } from '../src/server/create-deps.ts';
import { runHousekeeping } from '../src/server/jobs/index.ts';
import { runCommand, sqliteFileThere } from './command.ts';

await runCommand(async (config) => {
  // The server's database, not a new one a mistyped name would make.
  if (!sqliteFileThere(config.databaseUrl)) return;
  const handle = await openDatabase(config.databaseUrl, {}, { createMissing: false });
  try {
    await migrateToLatest(handle.db);
    await runHousekeeping(createDeps(handle, config));
    console.log('清理完成');
  } finally {
    await handle.close();
  }
});
