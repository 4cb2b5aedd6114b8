/** The spec's constants (docs/spec/accounts-and-people.md §9, docs/spec/publishing-and-browsing.md §9), named once. */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 64;
export const SMS_CODE_LENGTH = 6;
export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_TTL_MINUTES = 10;
export const SMS_CODE_MAX_FAILED_ATTEMPTS = 5;
/** Refused in production (docs/spec/accounts-and-people.md §5). */
export const TEST_SMS_CODE = '123456';

export const RECENT_PHONES_MAX = 8;
export const FORGOT_PASSWORD_REDIRECT_MS = 2000;
export const PUBLISH_SUCCESS_REDIRECT_MS = 5000;
export const COPIED_NOTICE_MS = 2000;
export const SIMILAR_IDEAS_LIMIT = 6;

export const HTTP_TIMEOUT_MS = 20_000;
/** The favourites client's own, shorter timeout (docs/spec/publishing-and-browsing.md §7, §9). */
export const FAVORITES_TIMEOUT_MS = 10_000;
/** Reads are retried up to 3 times after these delays; writes never are. */
export const READ_RETRY_DELAYS_MS = [2000, 4000, 8000] as const;

/** The random sort's seeds: 1..2^31. */
export const RANDOM_SEED_MAX = 2 ** 31;
/**
 * A visit's random order uses one of this many seeds, chosen by the client (or by the server when a
 * caller sends none): enough different orders for visitors, few enough that each one's first page
 * is a shared cache entry rather than one per person.
 */
export const RANDOM_SEED_BUCKETS = 64;

export const BADGE_CAP = 99;
export const NAV_SEARCH_MAX_WIDTH_PX = 705;
/** A search query's longest, in characters after trimming (the search index's longest gram too). */
export const SEARCH_QUERY_MAX_CHARS = 50;

export const DEFAULT_BIO = '这个猎人很懒，还没有写简介';
/** A bio's length in characters (text-length.ts), plain text. */
export const BIO_MAX = 200;
export const REGISTRATION_NUMBER_PLACEHOLDER = 'bx000000';
export const NICKNAME_PLACEHOLDER = 'user0000';
export const DEACTIVATED_NICKNAME = '已注销用户';

/** The five preset avatars in public/avatars; an image that fails falls back to the first. */
export const PRESET_AVATARS = ['/avatars/avatar-1.svg', '/avatars/avatar-2.svg', '/avatars/avatar-3.svg', '/avatars/avatar-4.svg', '/avatars/avatar-5.svg'] as const;
export const DEFAULT_AVATAR = PRESET_AVATARS[0];

export function isPresetAvatar(url: string | null | undefined): boolean {
  return !!url && (PRESET_AVATARS as readonly string[]).includes(url);
}

/** A stable default avatar chosen by user id (docs/spec/publishing-and-browsing.md §3 fallbacks). */
export function avatarForUserId(id: number): string {
  return PRESET_AVATARS[Math.abs(id) % PRESET_AVATARS.length];
}

export const DEACTIVATION_REASONS = ['不再使用该平台', '产品体验不佳', '功能不能满足需求', '隐私和安全顾虑', '个人原因', '其他'] as const;
export const DEACTIVATION_CONFIRM_WORD = '注销';
export const DEACTIVATION_REASON_MAX = 200;

export const SMS_PURPOSES = ['register', 'reset', 'change_phone'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
/** What each code is for, as people (and the operator's log) read it. */
export const SMS_PURPOSE_NAMES: Record<SmsPurpose, string> = { register: '注册', reset: '找回密码', change_phone: '更换手机号' };

export const USER_ROLES = ['member', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * Set on any API answer to a request whose bearer token is no longer valid (ended elsewhere, expired),
 * even where the call itself needs no login, so every page forgets the dead session on its next call.
 */
export const SESSION_EXPIRED_HEADER = 'x-session-expired';

/** The community's clock for "today" (the daily doodle): China Standard Time, whatever the viewer's or server's zone. */
export const COMMUNITY_TIME_ZONE = 'Asia/Shanghai';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Today's weekday (0 = Sunday) in the community's time zone: picks the daily doodle in the browser and on the server. */
export function communityWeekday(at: Date = new Date()): number {
  // Building a formatter costs far more than using one (the fast lane asks on every landing-page hit).
  weekdayFormat ??= new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: COMMUNITY_TIME_ZONE });
  return WEEKDAYS.indexOf(weekdayFormat.format(at));
}
let weekdayFormat: Intl.DateTimeFormat | undefined;

/** Today's date `YYYY-MM-DD` in the community's time zone: a view counts once per viewer and idea per such day. */
export function communityDay(at: Date = new Date()): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: COMMUNITY_TIME_ZONE });
  return dayFormat.format(at);
}
let dayFormat: Intl.DateTimeFormat | undefined;

export const doodleUrl = (weekday: number) => `/doodles/day-${weekday}.svg`;
