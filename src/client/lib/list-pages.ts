/** The pages of a list as the API sends them (checked, joined into one list), and the marketplace screen's texts for them. */
import { errorMessage, NETWORK_ERROR } from './api-errors.ts';

/** docs/spec/publishing-and-browsing.md §8 "Screens: Marketplace". */
export const MARKET_MSG = {
  badData: '数据格式错误，请稍后重试',
  fetchFailed: (reason: string) => `获取创意失败：${reason}`,
  clearFailed: '重新加载创意失败，请稍后重试',
  empty: '暂无符合条件的创意',
  searchEmpty: (q: string) => `没有找到与「${q}」相关的创意`,
  end: '已经到底了',
  searchFailed: '搜索失败，请稍后重试',
} as const;

/** Thrown when a page of the list is not `{ data: [...] }`. */
export class BadDataError extends Error {
  constructor() {
    super(MARKET_MSG.badData);
    this.name = 'BadDataError';
  }
}

/** A page of a list as the API sends it; the items checked to be an array. */
export function checkedPage<T>(answer: unknown): { data: T[]; nextCursor: string | null } {
  if (!answer || typeof answer !== 'object') throw new BadDataError();
  const a = answer as { data?: unknown; nextCursor?: unknown };
  if (!Array.isArray(a.data)) throw new BadDataError();
  return { data: a.data as T[], nextCursor: typeof a.nextCursor === 'string' && a.nextCursor ? a.nextCursor : null };
}

/** The pages of an infinite list as one list, each id once (a card moved between pages shows once). */
export function flattenPages<T extends { id: number }>(pages: readonly { data: readonly T[] }[] | undefined): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.data) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** The fetch failure's text: the bad-data text for a malformed answer, else the reason. */
export function listErrorText(err: unknown): string {
  if (err instanceof BadDataError || (err instanceof Error && err.message === MARKET_MSG.badData)) return MARKET_MSG.badData;
  const reason = err instanceof Error && err.message.trim() ? err.message.trim() : '网络异常';
  return MARKET_MSG.fetchFailed(reason);
}

/** What a card list shows when a page failed: the bad-data text, or 获取创意失败 with the server's or the network's reason. */
export function cardListFailure(err: unknown): string {
  return listErrorText(err instanceof BadDataError ? err : new Error(errorMessage(err, NETWORK_ERROR)));
}
