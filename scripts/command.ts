/**
 * The body of an `npm run` command: a failure an operator can fix (a wrong setting, the database out
 * of reach or refusing the login, a failed migration) is said in Chinese with exit 1, as `npm start`
 * says it (ops/start-failure.ts); anything else keeps its stack.
 */
import { loadConfig, type Config } from '../src/server/config.ts';
import { failureInWords } from '../src/server/ops/start-failure.ts';

export async function runCommand(body: (config: Config) => Promise<void>): Promise<void> {
  let config: Config | undefined;
  try {
    config = loadConfig();
    await body(config);
  } catch (err) {
    const words = failureInWords(err, { port: config?.port ?? 0, databaseStartWaitMs: 0 });
    if (!words) throw err;
    console.error(words);
    process.exitCode = 1;
  }
}
