/** The hunter and user pages' pure rules (docs/spec/accounts-and-people.md §2, §8). */
import { DEFAULT_BIO } from '../../shared/constants.ts';

/** How many of a person's published ideas the hunter and user pages show. */
export const PERSON_IDEAS_LIMIT = 50;

export const PEOPLE_MSG = {
  empty: '暂无已发布的创意',
  failed: '获取用户资料失败，请稍后重试',
  notFound: '没有找到这位猎人',
  deactivated: '该账号已注销，TA 发布的创意已不再公开',
  /** The user page's nickname fallback ('idea hunter'). */
  nicknameFallback: '创意猎人',
} as const;

export function nicknameOrFallback(nickname: string | null | undefined): string {
  return nickname?.trim() || PEOPLE_MSG.nicknameFallback;
}

export function bioOrDefault(bio: string | null | undefined): string {
  return bio?.trim() || DEFAULT_BIO;
}

/** A count the server may not send yet: a number, else the fallback (what the page itself knows). */
export function countOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** 1.2万 from 10,000 on, as Chinese counters read. */
export function formatCount(n: number): string {
  if (n < 10_000) return String(n);
  const wan = Math.floor(n / 1000) / 10;
  return `${wan}万`;
}
