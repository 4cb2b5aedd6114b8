/** Every environment variable the server reads, with its default; README "Configuration" lists them. */

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`环境变量 ${name} 需要一个非负整数，收到：${raw}`);
  return n;
}

function str(name: string, fallback: string): string {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : raw;
}

export interface RateLimitSettings {
  smsPerPhoneIntervalSeconds: number;
  smsPerPhonePerDay: number;
  smsPerIpPerHour: number;
  loginPerIpPerMinute: number;
  loginPerIpPerHour: number;
  /** Wrong passwords for one phone from one address: the guessing address is refused, not the owner. */
  loginFailuresPerPhoneAndIpPerHour: number;
  uploadsPer30Minutes: number;
  publishesPer10Minutes: number;
  publishAttemptsPer10Minutes: number;
  codeChecksPerIpPerHour: number;
  /** Wrong current passwords (change password, deactivation) per user. */
  passwordChecksPerUserPerHour: number;
  draftsPer10Minutes: number;
  /** Searches per client address a minute that the shared cache did not answer (issue 19). */
  searchesPerIpPerMinute: number;
  /** The writes a person can repeat (issue 19), each kind with its own allowance. */
  writes: Record<WriteLimitKind, WriteLimit>;
}

/**
 * One kind of repeatable write, counted per member (a minute for bursts, an hour for loops) and per
 * client address (a minute: several members behind one office, campus or carrier address share it;
 * guests recording views have only this one). A window set to 0 is off.
 */
export interface WriteLimit {
  perMinute: number;
  perHour: number;
  ipPerMinute: number;
}

/**
 * The defaults, and why. A person's normal use must never meet them; a script looping the call
 * meets them within seconds. The address allowance is about six people's bursts at once, since
 * mobile carriers here put many users behind one address (TRUST_PROXY must be set behind a proxy,
 * as for the login limits, or every member shares the proxy's address).
 */
export const WRITE_LIMIT_DEFAULTS = {
  // Comments and replies: a lively exchange is a reply every 10–20 s, so 5 a minute lets someone
  // answer several people at once; 60 an hour is a comment a minute for a whole hour. (Discourse
  // allows one post per 5 s.) The probe's 120 in 0.3 s gets 5 through.
  comments: { perMinute: 5, perHour: 60, ipPerMinute: 30 },
  // Likes and dislikes on comments, one counter: reading a thread and reacting as you go is a click
  // every few seconds, changing one's mind on and off included.
  reactions: { perMinute: 30, perHour: 300, ipPerMinute: 120 },
  // Reporting comments: a few in a bad thread; 20 an hour is more than any honest reader files.
  reports: { perMinute: 5, perHour: 20, ipPerMinute: 30 },
  // Feedback to the team: a message and a correction or two; the admin inbox shows 200.
  feedback: { perMinute: 3, perHour: 10, ipPerMinute: 20 },
  // Favourites (adding and removing, one counter): browsing the marketplace and saving cards as you
  // go, clicking one on and off a few times; a toggling loop stops at 20.
  favorites: { perMinute: 20, perHour: 200, ipPerMinute: 120 },
  // Follows and unfollows: a new member following a handful of authors in a row.
  follows: { perMinute: 10, perHour: 100, ipPerMinute: 60 },
  // View records: the app sends one per idea page opened; a page a second is a fast reader. Guests
  // count per address only, so it is generous; a refused view only leaves the count where it was.
  views: { perMinute: 60, perHour: 1000, ipPerMinute: 300 },
  // Saving one's own ideas: edits, expansions, delete and restore. Each save of a public idea
  // empties the cached public pages, so a loop would keep guests' pages cold.
  edits: { perMinute: 20, perHour: 200, ipPerMinute: 60 },
  // Unlocking detailed analyses (free, one row per idea): a reader opening idea after idea.
  unlocks: { perMinute: 20, perHour: 300, ipPerMinute: 120 },
  // Changing one's avatar: it changes every card of the member's, so every cached public page.
  profile: { perMinute: 5, perHour: 30, ipPerMinute: 30 },
} as const satisfies Record<string, WriteLimit>;

export type WriteLimitKind = keyof typeof WRITE_LIMIT_DEFAULTS;
export const WRITE_LIMIT_KINDS = Object.keys(WRITE_LIMIT_DEFAULTS) as WriteLimitKind[];

/** `RATE_COMMENTS_PER_MINUTE`, `RATE_COMMENTS_PER_HOUR`, `RATE_COMMENTS_IP_PER_MINUTE`, … (README lists them). */
export const writeLimitEnv = (kind: WriteLimitKind) => {
  const base = `RATE_${kind.toUpperCase()}`;
  return { perMinute: `${base}_PER_MINUTE`, perHour: `${base}_PER_HOUR`, ipPerMinute: `${base}_IP_PER_MINUTE` } as const;
};

/** The same settings with every limit off (0), the per-kind write limits included: for the benchmark and the browser tests. */
export function rateLimitsOff(s: RateLimitSettings): RateLimitSettings {
  const off = (v: unknown): unknown => (typeof v === 'number' ? 0 : Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, off(x)])));
  return off(s) as RateLimitSettings;
}

function writeLimitsFromEnv(): Record<WriteLimitKind, WriteLimit> {
  const limits = {} as Record<WriteLimitKind, WriteLimit>;
  for (const kind of WRITE_LIMIT_KINDS) {
    const env = writeLimitEnv(kind);
    const d = WRITE_LIMIT_DEFAULTS[kind];
    limits[kind] = { perMinute: int(env.perMinute, d.perMinute), perHour: int(env.perHour, d.perHour), ipPerMinute: int(env.ipPerMinute, d.ipPerMinute) };
  }
  return limits;
}

export interface SiteIdentity {
  platformName: string;
  companyName: string;
  officeAddress: string;
  contactEmail: string;
  contactPhone: string;
  copyright: string;
  icpNumber: string;
  publicSecurityNumber: string;
}

export interface Config {
  port: number;
  databaseUrl: string | undefined;
  production: boolean;
  trustProxy: string | false;
  smsProvider: 'console';
  moderation: 'auto' | 'manual';
  /** Seed demo data into an empty embedded database at start. */
  seedDemo: boolean;
  sessionInactivityDays: number;
  sessionMaxAgeDays: number;
  rateLimits: RateLimitSettings;
  site: SiteIdentity;
  /** Where uploaded images are kept (served at /uploads/). */
  uploadsDir: string;
  /** Live drafts one user may keep; 0 is no cap. */
  maxDraftsPerUser: number;
  /**
   * How long another process may serve a cached public page or a remembered session after a change
   * it did not see (DESIGN §9). The process that made the change forgets at once.
   */
  cacheTtlMs: number;
  /** pino level for the request log and server events (`silent` turns it off). */
  logLevel: LogLevel;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function loadConfig(): Config {
  const production = process.env.NODE_ENV === 'production';
  const moderation = str('MODERATION', 'auto');
  if (moderation !== 'auto' && moderation !== 'manual') throw new Error('MODERATION 只能是 auto 或 manual');
  const smsProvider = str('SMS_PROVIDER', 'console');
  if (smsProvider !== 'console') throw new Error(`未知的短信服务：${smsProvider}（目前支持 console）`);
  const trustProxy = process.env.TRUST_PROXY;
  const logLevel = str('LOG_LEVEL', 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL 只能是 ${LOG_LEVELS.join('、')}`);
  const year = new Date().getUTCFullYear();
  const platformName = str('SITE_PLATFORM_NAME', '猎人创意社区');
  const companyName = str('SITE_COMPANY_NAME', '星猎科技有限公司');
  return {
    port: int('PORT', 3000),
    databaseUrl: process.env.DATABASE_URL || undefined,
    production,
    trustProxy: trustProxy ? trustProxy : false,
    smsProvider,
    moderation,
    // Demo accounts have a published password: never in production unless asked for.
    seedDemo: str('SEED_DEMO', production ? '0' : '1') !== '0',
    sessionInactivityDays: int('SESSION_INACTIVITY_DAYS', 30),
    sessionMaxAgeDays: int('SESSION_MAX_AGE_DAYS', 90),
    rateLimits: {
      smsPerPhoneIntervalSeconds: int('RATE_SMS_PHONE_INTERVAL_SECONDS', 60),
      smsPerPhonePerDay: int('RATE_SMS_PHONE_PER_DAY', 10),
      smsPerIpPerHour: int('RATE_SMS_IP_PER_HOUR', 15),
      loginPerIpPerMinute: int('RATE_LOGIN_IP_PER_MINUTE', 6),
      loginPerIpPerHour: int('RATE_LOGIN_IP_PER_HOUR', 30),
      loginFailuresPerPhoneAndIpPerHour: int('RATE_LOGIN_FAILURES_PHONE_IP_PER_HOUR', 25),
      uploadsPer30Minutes: int('RATE_UPLOADS_PER_30_MINUTES', 30),
      publishesPer10Minutes: int('RATE_PUBLISH_PER_10_MINUTES', 5),
      publishAttemptsPer10Minutes: int('RATE_PUBLISH_ATTEMPTS_PER_10_MINUTES', 30),
      codeChecksPerIpPerHour: int('RATE_CODE_CHECKS_IP_PER_HOUR', 60),
      passwordChecksPerUserPerHour: int('RATE_PASSWORD_CHECKS_USER_PER_HOUR', 10),
      draftsPer10Minutes: int('RATE_DRAFTS_PER_10_MINUTES', 20),
      // A search the shared cache did not answer costs up to a bounded few milliseconds (README:
      // "Search at a bounded cost"). A person searches a few times a minute and scrolls a few pages of
      // each; 60 a minute per address leaves room for several people behind one address, and holds a
      // loop of invented queries to about 1 % of a core per address.
      searchesPerIpPerMinute: int('RATE_SEARCHES_IP_PER_MINUTE', 60),
      writes: writeLimitsFromEnv(),
    },
    maxDraftsPerUser: int('MAX_DRAFTS_PER_USER', 200),
    cacheTtlMs: int('CACHE_TTL_MS', 2000),
    logLevel,
    uploadsDir: str('UPLOADS_DIR', './uploads'),
    site: {
      platformName,
      companyName,
      officeAddress: str('SITE_OFFICE_ADDRESS', '北京市海淀区中关村大街 1 号'),
      contactEmail: str('SITE_CONTACT_EMAIL', 'hello@example.com'),
      contactPhone: str('SITE_CONTACT_PHONE', '010-00000000'),
      copyright: str('SITE_COPYRIGHT', `© ${year} ${companyName} 版权所有`),
      icpNumber: str('SITE_ICP_NUMBER', '京ICP备00000000号-1'),
      publicSecurityNumber: str('SITE_PUBLIC_SECURITY_NUMBER', '京公网安备11010800000000号'),
    },
  };
}
