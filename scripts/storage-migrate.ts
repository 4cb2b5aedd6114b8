/**
 * `npm run storage:migrate`: copies UPLOADS_DIR into the bucket STORAGE=s3 and S3_* name
 * (src/server/ops/storage-migrate.ts). Resumable and verified; run it, switch the server to
 * STORAGE=s3, run it once more for what was uploaded in between. Exit 0 when every image is in the
 * bucket, 1 when some are not, 2 when the settings or the bucket are not usable.
 */
import path from 'node:path';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { openDatabase } from '../db/connection.ts';
import { ConfigError, loadConfig, type Config } from '../src/server/kernel/config.ts';
import { S3FileStorage } from '../src/server/infrastructure/s3-storage.ts';
import { migrateUploads } from '../src/server/ops/storage-migrate.ts';

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(`配置错误：${err.message}`, 2);
  throw err;
}
if (config.storage.kind !== 's3') {
  fail(`请先设置 STORAGE=s3 和 S3_BUCKET、S3_REGION、S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY（以及 S3_ENDPOINT 等，见 docs/deployment.md），再运行；要复制的是 UPLOADS_DIR=${config.uploadsDir}`, 2);
}
const target = new S3FileStorage(config.storage);
try {
  await (await target.s3Client()).send(new HeadBucketCommand({ Bucket: target.bucket }));
} catch (err) {
  fail(`无法访问${target.location}：${(err as Error).name}（请检查 S3_* 设置、存储桶是否存在、密钥是否有读写权限）`, 2);
}

const from = path.resolve(config.uploadsDir);
console.log(`把 ${from} 里的图片复制到${target.location}……`);
// The database says which images should exist; without it the copy still runs.
const handle = await openDatabase(config.databaseUrl).catch((err: Error) => {
  console.warn(`（无法打开数据库，跳过“数据库里有记录却哪里都找不到的图片”检查：${err.message}）`);
  return undefined;
});
try {
  const report = await migrateUploads({ from, target, db: handle?.db, progress: (line) => console.log(line) });
  console.log(
    `完成：本地 ${report.found} 个图片，新复制 ${report.copied.length} 个，存储桶里已有且一致 ${report.alreadyThere.length} 个，内容不一致已重新复制 ${report.replaced.length} 个，失败 ${report.failed.length} 个`,
  );
  if (report.ignored.length) console.log(`没有复制的非图片文件（如写入中途的 .partial）：${report.ignored.length} 个`);
  for (const f of report.failed) console.error(`失败：${f.name}：${f.reason}`);
  if (report.missingCheckFailed) console.warn(`（没能检查数据库里的图片记录：${report.missingCheckFailed}）`);
  if (report.missing.length)
    console.warn(`数据库里有记录、但本地目录和存储桶里都没有的图片 ${report.missing.length} 个：${report.missing.slice(0, 20).join('，')}${report.missing.length > 20 ? '……' : ''}`);
  if (report.failed.length) {
    console.error('有图片没有复制成功：请查看上面的原因，再运行一次 npm run storage:migrate（已复制的会跳过）');
    process.exitCode = 1;
  } else {
    console.log('所有图片都已在存储桶里并校验一致。设置 STORAGE=s3 后重启服务器；切换后再运行一次本命令，补上切换前最后几分钟上传的图片');
  }
} finally {
  await target.destroy();
  await handle?.close();
}
