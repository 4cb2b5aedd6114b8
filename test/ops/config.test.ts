/**
 * Provider settings are checked when the server starts: a missing or misplaced one stops
 * it with a Chinese message naming every setting to fix and what belongs there.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, imageOrigins, loadConfig } from '../../src/server/kernel/config.ts';

const ALIYUN = {
  SMS_PROVIDER: 'aliyun',
  SMS_ACCESS_KEY_ID: 'LTAI5tExample',
  SMS_ACCESS_KEY_SECRET: 'secret',
  SMS_SIGN_NAME: '猎人创意',
  SMS_TEMPLATE_REGISTER: 'SMS_1',
  SMS_TEMPLATE_RESET: 'SMS_2',
  SMS_TEMPLATE_CHANGE_PHONE: 'SMS_3',
};
const TENCENT = { ...ALIYUN, SMS_PROVIDER: 'tencent', SMS_SDK_APP_ID: '1400000001', SMS_TEMPLATE_REGISTER: '101', SMS_TEMPLATE_RESET: '102', SMS_TEMPLATE_CHANGE_PHONE: '103' };
const S3 = { STORAGE: 's3', S3_BUCKET: 'hunter', S3_REGION: 'oss-cn-hangzhou', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'key', S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com' };

/** Every setting this file touches, cleared first, so the machine's own environment does not leak in. */
const TOUCHED = [
  ...new Set([
    ...Object.keys(TENCENT),
    ...Object.keys(S3),
    'SMS_REGION',
    'SMS_ENDPOINT',
    'SMS_TEMPLATE_PHONE_CHANGED',
    'S3_FORCE_PATH_STYLE',
    'S3_PUBLIC_URL',
    'DATABASE_URL',
    'DATABASE_READ_URL',
    'DATABASE_READ_MAX_LAG_SECONDS',
    'PORT',
    'HOUSEKEEPING_INTERVAL_MS',
    'SESSION_MAX_AGE_DAYS',
    'SESSION_INACTIVITY_DAYS',
    'RATE_SMS_PHONE_PER_DAY',
    'DB_ACQUIRE_TIMEOUT_MS',
    'DB_CONNECT_TIMEOUT_MS',
    'DB_QUERY_TIMEOUT_MS',
    'DB_START_WAIT_MS',
    'CACHE_TTL_MS',
    'RATE_COMMENTS_PER_MINUTE',
    'RATE_FEEDBACK_IP_PER_MINUTE',
    'RATE_PASSWORDS_PER_HOUR',
    'DB_POOL_SIZE',
  ]),
];

function withEnv(env: Record<string, string>) {
  for (const name of TOUCHED) vi.stubEnv(name, '');
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
}

const failure = (env: Record<string, string>) => {
  withEnv(env);
  try {
    loadConfig();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('loadConfig accepted the settings');
};

afterEach(() => vi.unstubAllEnvs());

describe('SMS settings', () => {
  it('defaults to the console provider, without gateway settings', () => {
    withEnv({});
    expect(loadConfig()).toMatchObject({ smsProvider: 'console', smsGateway: null });
  });

  it('reads an Alibaba Cloud gateway, its default region and the optional notice template', () => {
    withEnv({ ...ALIYUN, SMS_TEMPLATE_PHONE_CHANGED: 'SMS_4' });
    expect(loadConfig().smsGateway).toEqual({
      provider: 'aliyun',
      accessKeyId: 'LTAI5tExample',
      accessKeySecret: 'secret',
      signName: '猎人创意',
      appId: '',
      region: 'cn-hangzhou',
      endpoint: undefined,
      templates: { register: 'SMS_1', reset: 'SMS_2', change_phone: 'SMS_3', phone_changed: 'SMS_4' },
    });
  });

  it('reads a Tencent Cloud gateway with its app id, region and endpoint override', () => {
    withEnv({ ...TENCENT, SMS_REGION: 'ap-beijing', SMS_ENDPOINT: 'http://127.0.0.1:9999' });
    expect(loadConfig().smsGateway).toMatchObject({ provider: 'tencent', appId: '1400000001', region: 'ap-beijing', endpoint: 'http://127.0.0.1:9999', templates: { phone_changed: undefined } });
  });

  it('names every missing setting at once, with what to put there', () => {
    const message = failure({ SMS_PROVIDER: 'tencent', SMS_ACCESS_KEY_ID: 'x' });
    expect(message).toContain('SMS_PROVIDER=tencent（腾讯云短信） 还缺少这些设置');
    for (const name of ['SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_SDK_APP_ID', 'SMS_TEMPLATE_REGISTER', 'SMS_TEMPLATE_RESET', 'SMS_TEMPLATE_CHANGE_PHONE']) expect(message).toContain(name);
    expect(message).not.toContain('SMS_ACCESS_KEY_ID（');
    expect(message).not.toContain('SMS_TEMPLATE_PHONE_CHANGED');
    expect(message).toContain('短信应用的 SdkAppId');
    // Alibaba Cloud needs no app id.
    expect(failure({ SMS_PROVIDER: 'aliyun' })).not.toContain('SMS_SDK_APP_ID');
  });

  it('refuses an unknown provider, an Alibaba Cloud template code given to Tencent Cloud, and an endpoint with a path', () => {
    expect(failure({ SMS_PROVIDER: 'twilio' })).toBe('SMS_PROVIDER 只能是 console、aliyun、tencent，收到：twilio');
    expect(failure({ ...TENCENT, SMS_TEMPLATE_RESET: 'SMS_2' })).toContain('SMS_TEMPLATE_RESET 应是纯数字');
    expect(failure({ ...ALIYUN, SMS_ENDPOINT: 'https://dysmsapi.aliyuncs.com/api' })).toContain('SMS_ENDPOINT 只能是 http(s)://主机[:端口]');
  });
});

describe('storage settings', () => {
  it('defaults to the local folder', () => {
    withEnv({});
    expect(loadConfig().storage).toEqual({ kind: 'local' });
  });

  it('reads a bucket; path style off unless asked; the public URL without its trailing slash, and its origin allowed for images', () => {
    withEnv({ ...S3, S3_PUBLIC_URL: 'https://img.example.cn/' });
    const config = loadConfig();
    expect(config.storage).toEqual({
      kind: 's3',
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      region: 'oss-cn-hangzhou',
      bucket: 'hunter',
      accessKeyId: 'id',
      secretAccessKey: 'key',
      forcePathStyle: false,
      publicUrl: 'https://img.example.cn',
    });
    expect(imageOrigins(config)).toEqual(['https://img.example.cn']);
    withEnv({ ...S3, S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect(loadConfig().storage).toMatchObject({ endpoint: 'https://minio:9000', forcePathStyle: true, publicUrl: undefined });
  });

  it('names what a bucket is missing, and refuses nonsense', () => {
    const message = failure({ STORAGE: 's3', S3_BUCKET: 'hunter' });
    expect(message).toContain('STORAGE=s3（S3 兼容的对象存储） 还缺少这些设置');
    for (const name of ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) expect(message).toContain(name);
    expect(failure({ STORAGE: 'oss' })).toBe('STORAGE 只能是 local 或 s3，收到：oss');
    expect(failure({ ...S3, S3_FORCE_PATH_STYLE: 'maybe' })).toContain('S3_FORCE_PATH_STYLE 只能是 true 或 false');
    expect(failure({ ...S3, S3_PUBLIC_URL: 'img.example.cn' })).toContain('S3_PUBLIC_URL 应是 http(s):// 开头的地址');
  });
});

describe('numbers and the database address', () => {
  it('refuses a number outside what its setting can use, naming the range', () => {
    expect(failure({ HOUSEKEEPING_INTERVAL_MS: '3000000000' })).toBe('环境变量 HOUSEKEEPING_INTERVAL_MS 需要 1000 到 2147483647 之间的整数，收到：3000000000');
    expect(failure({ HOUSEKEEPING_INTERVAL_MS: '10' })).toContain('1000 到 2147483647');
    expect(failure({ SESSION_MAX_AGE_DAYS: '0' })).toBe('环境变量 SESSION_MAX_AGE_DAYS 需要 1 到 3650 之间的整数，收到：0');
    expect(failure({ SESSION_INACTIVITY_DAYS: '0' })).toContain('SESSION_INACTIVITY_DAYS');
    expect(failure({ PORT: '99999' })).toBe('环境变量 PORT 需要 0 到 65535 之间的整数，收到：99999');
    for (const name of ['DB_ACQUIRE_TIMEOUT_MS', 'DB_CONNECT_TIMEOUT_MS', 'DB_QUERY_TIMEOUT_MS', 'DB_START_WAIT_MS', 'CACHE_TTL_MS']) expect(failure({ [name]: '99999999999' })).toContain(name);
    expect(failure({ RATE_SMS_PHONE_PER_DAY: 'x' })).toBe('环境变量 RATE_SMS_PHONE_PER_DAY 需要不小于 0 的整数，收到：x');
    withEnv({ HOUSEKEEPING_INTERVAL_MS: '2147483647', SESSION_MAX_AGE_DAYS: '1', PORT: '0', RATE_SMS_PHONE_PER_DAY: '0' });
    expect(loadConfig()).toMatchObject({ housekeepingIntervalMs: 2147483647, sessionMaxAgeDays: 1, port: 0 });
  });

  it("reads each repeatable write's three limits from the schema, and names a wrong one", () => {
    withEnv({ RATE_COMMENTS_PER_MINUTE: '7', RATE_FEEDBACK_IP_PER_MINUTE: '0' });
    expect(loadConfig().rateLimits.writes).toMatchObject({ comments: { perMinute: 7, perHour: 60, ipPerMinute: 30 }, feedback: { perMinute: 3, ipPerMinute: 0 } });
    expect(failure({ RATE_PASSWORDS_PER_HOUR: '-1' })).toBe('环境变量 RATE_PASSWORDS_PER_HOUR 需要不小于 0 的整数，收到：-1');
    // A pool or time limit of 0 is taken as 1 (it never meant "none").
    withEnv({ DB_POOL_SIZE: '0', DB_ACQUIRE_TIMEOUT_MS: '0' });
    expect(loadConfig().database).toMatchObject({ poolSize: 1, acquireTimeoutMs: 1 });
  });

  it('refuses a database address of an unknown kind, its password hidden, and takes the known ones', () => {
    expect(failure({ DATABASE_URL: 'mariadb://root:secret@127.0.0.1:3306/hunter' })).toBe(
      'DATABASE_URL 只能是 mysql://用户:密码@主机:端口/库名（MySQL 或 MariaDB），或 sqlite:文件路径，收到：mariadb://root:***@127.0.0.1:3306/hunter',
    );
    expect(failure({ DATABASE_URL: 'postgres://db/hunter' })).toContain('postgres://db/hunter');
    expect(failure({ DATABASE_URL: 'MYSQL://root:pa/ss@word@127.0.0.1:3306/hunter' })).toContain('收到：MYSQL://root:***@127.0.0.1:3306/hunter');
    expect(failure({ DATABASE_URL: 'Sqlite://x.db' })).toContain('Sqlite://x.db');
    for (const url of ['mysql://root@127.0.0.1:3306/hunter', 'mysql2://root@db/hunter', 'sqlite:./data/hunter.db', 'sqlite:///data/hunter.db', './data/hunter.db', '/data/hunter.db']) {
      withEnv({ DATABASE_URL: url });
      expect(loadConfig().databaseUrl).toBe(url);
    }
  });

  it('takes a read replica beside a MySQL/MariaDB database only, and says why it refuses one beside SQLite', () => {
    withEnv({ DATABASE_URL: 'mysql://root@primary:3306/hunter', DATABASE_READ_URL: 'mysql://reader:secret@replica:3306/hunter' });
    expect(loadConfig().databaseRead).toEqual({ url: 'mysql://reader:secret@replica:3306/hunter', maxLagSeconds: 2 });
    withEnv({ DATABASE_URL: 'mysql://root@primary:3306/hunter', DATABASE_READ_URL: 'mysql://replica/hunter', DATABASE_READ_MAX_LAG_SECONDS: '5' });
    expect(loadConfig().databaseRead?.maxLagSeconds).toBe(5);
    withEnv({ DATABASE_URL: 'mysql://root@primary:3306/hunter' });
    expect(loadConfig().databaseRead).toBeUndefined();
    expect(failure({ DATABASE_READ_URL: 'mysql://replica/hunter' })).toBe(
      'DATABASE_READ_URL 只能与 MySQL/MariaDB 的 DATABASE_URL 一起使用：SQLite 没有副本，请去掉 DATABASE_READ_URL 或改用 MySQL/MariaDB',
    );
    expect(failure({ DATABASE_URL: 'sqlite:./data/hunter.db', DATABASE_READ_URL: 'mysql://replica/hunter' })).toContain('SQLite 没有副本');
    expect(failure({ DATABASE_URL: 'mysql://root@primary:3306/hunter', DATABASE_READ_URL: 'sqlite:./replica.db' })).toContain('DATABASE_READ_URL 只能是 mysql://');
    expect(failure({ DATABASE_URL: 'mysql://root@primary:3306/hunter', DATABASE_READ_URL: 'mariadb://reader:secret@replica/hunter' })).toContain('收到：mariadb://reader:***@replica/hunter');
  });
});
