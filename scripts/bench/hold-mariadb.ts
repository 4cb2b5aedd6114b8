/**
 * A MariaDB server of one's own for a long benchmark (`npm run bench:discovery` at 1,000,000 ideas,
 * docs/performance.md): `mariadbd` on a free port with a temp data folder, the buffer pool and log
 * settings of a database host (BENCH_MARIADB_ARGS adds or overrides), kept running until Ctrl-C,
 * which removes the folder. Prints the URL to pass as BENCH_DATABASE_URL.
 */
import { createOwnMariadb } from './own-mariadb.ts';

const defaults = ['--innodb-buffer-pool-size=6G', '--innodb-log-file-size=1G', '--innodb-flush-log-at-trx-commit=2', '--max-connections=400'];
const own = await createOwnMariadb({ serverArgs: [...defaults, ...(process.env.BENCH_MARIADB_ARGS?.split(' ').filter(Boolean) ?? [])] });
await own.start();
console.log(`MariaDB 已启动：BENCH_DATABASE_URL=${own.url('bench')}（Ctrl-C 停止并删除数据）`);
const end = async () => {
  await own.cleanup();
  process.exit(0);
};
process.once('SIGINT', end);
process.once('SIGTERM', end);
setInterval(() => {}, 1 << 30);
