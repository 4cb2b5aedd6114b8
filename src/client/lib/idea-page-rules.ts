/**
 * The idea page's pure rules (docs/spec/accounts-and-people.md §2–§4, §8; docs/spec/publishing-and-browsing.md §2, §4, §8): its texts, where the back
 * button leads, the extension list in either shape it arrives in, the view count kept per idea for
 * the session, and the Chinese sentence for a failed favourite or follow. No React, no tRPC here:
 * the unit tests beside this file check it directly.
 */
import { IDEA_MSG } from '../../shared/idea-rules.ts';
import type { KeyValueStore } from './key-value-store.ts';
import { isFromMarketplace, marketplaceReturnPath } from './marketplace-nav-state.ts';
import { FAVORITE_TEXT, FOLLOW_TEXT } from '../../shared/social-texts.ts';

export const IDEA_PAGE_MSG = {
  notFound: '未找到该创意卡片',
  loadFailed: '获取创意详情失败',
  loadFailedDetail: '无法获取该创意详情，可能已被删除或暂时不可用',
  analysisEmpty: '无',
  unlockFailed: '解锁失败，请稍后重试',
  unlocked: '已解锁详细分析',
  loginToFollow: FOLLOW_TEXT.loginRequired,
  followFailed: FOLLOW_TEXT.failed,
  followFailedRetry: FOLLOW_TEXT.failedRetry,
  followed: FOLLOW_TEXT.followed,
  unfollowed: FOLLOW_TEXT.unfollowed,
  favorited: FAVORITE_TEXT.added,
  unfavorited: FAVORITE_TEXT.removed,
  expansionSaved: '扩展内容已保存',
  expansionLocalOnly: '新添加的内容目前仅保存在本页（刷新页面后会丢失），请稍后重试',
  similarFailed: '获取相似idea失败',
  similarEmpty: '暂无相似idea推荐',
  viewCountFailed: '获取浏览量失败',
  comingSoon: (target: string) => `分享到${target}的功能即将上线，敬请期待`,
  copied: '已复制链接',
  copyFailed: '复制链接失败，请手动复制',
  saveImageFailed: '保存图片失败，请重试',
  noIdea: '无法获取idea信息',
  posterSaved: '海报已生成',
  posterHint: '如未自动下载，可点“下载海报”，或长按、右键点击海报保存',
} as const;

/** docs/spec/publishing-and-browsing.md §8 "Favourite" (the 401 text is the publish flow's own, IDEA_MSG.loginToFavorite). */
export const FAVORITE_MSG = {
  invalidId: '无法收藏，创意ID无效',
  failed: (wasFavorited: boolean) => `${wasFavorited ? '取消收藏' : '收藏'}失败，请稍后重试`,
  network: IDEA_MSG.networkFailed,
  notFound: IDEA_MSG.notFound,
  fallback: '操作失败，请稍后重试',
  login: IDEA_MSG.loginToFavorite,
} as const;

// ------------------------------------------------------------------ the way back

/** Handed to /idea/{id} by the inspiration library (docs/spec/publishing-and-browsing.md §2). */
export interface FromLibraryState {
  fromInspirationLibrary: true;
  activeTab: string;
  scrollPosition: number;
}

export function isFromLibrary(state: unknown): state is FromLibraryState {
  if (!state || typeof state !== 'object') return false;
  const s = state as Record<string, unknown>;
  return s.fromInspirationLibrary === true && typeof s.activeTab === 'string' && /^[a-z]+$/.test(s.activeTab) && typeof s.scrollPosition === 'number' && Number.isFinite(s.scrollPosition);
}

/**
 * Where back leads (docs/spec/accounts-and-people.md §2 "Returning"): the marketplace (with the sort and search it showed) or
 * the library tab the idea was opened from, handing its state back so the list restores its scroll (and the marketplace highlights the
 * card); null means "back in history".
 */
export function backTarget(state: unknown): { path: string; state: unknown } | null {
  if (isFromMarketplace(state)) return { path: marketplaceReturnPath(state), state };
  if (isFromLibrary(state)) return { path: `/inspiration-library?tab=${state.activeTab}`, state };
  return null;
}

/** The short fade before leaving (none for people who asked for reduced motion). */
export const LEAVE_FADE_MS = 200;

// ------------------------------------------------------------------ extensions

export interface Expansion {
  id: number | string;
  content: string;
  createdAt: string;
}

/** Extension items as an array or a JSON string of one (docs/spec/accounts-and-people.md §3); anything unreadable is dropped. */
export function parseExpansions(value: unknown): Expansion[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const out: Expansion[] = [];
  list.forEach((item, index) => {
    if (typeof item === 'string' && item.trim()) return out.push({ id: `i${index}`, content: item, createdAt: '' });
    if (!item || typeof item !== 'object') return;
    const e = item as Record<string, unknown>;
    if (typeof e.content !== 'string' || !e.content.trim()) return;
    const id = typeof e.id === 'number' || typeof e.id === 'string' ? e.id : `i${index}`;
    out.push({ id, content: e.content, createdAt: typeof e.createdAt === 'string' ? e.createdAt : '' });
  });
  return out;
}

// ------------------------------------------------------------------ view count (sessionStorage)

export const VIEW_COUNT_KEY = (ideaId: number) => `ideaViewCount:${ideaId}`;

export function readViewCount(store: KeyValueStore | null, ideaId: number): number | null {
  try {
    const raw = store?.getItem(VIEW_COUNT_KEY(ideaId));
    if (raw === null || raw === undefined) return null;
    const n = Number(raw);
    return Number.isInteger(n) && n >= 0 ? n : null;
  } catch {
    return null;
  }
}

export function writeViewCount(store: KeyValueStore | null, ideaId: number, count: number): void {
  try {
    if (Number.isInteger(count) && count >= 0) store?.setItem(VIEW_COUNT_KEY(ideaId), String(count));
  } catch {
    // No session storage (private mode): the page shows the idea's own count.
  }
}

// ------------------------------------------------------------------ failures

/** What the page knows about a failed call, whatever the transport (see api-errors.ts). */
export interface CallFailure {
  /** The HTTP status, when the server answered. */
  status?: number;
  /** No answer at all: offline, refused, or our own timeout. */
  network: boolean;
  /** The server's Chinese message for a 4xx. */
  serverMessage?: string;
}

export function favoriteFailureText(failure: CallFailure, wasFavorited: boolean): string {
  if (failure.network) return FAVORITE_MSG.network;
  if (failure.status === 401) return FAVORITE_MSG.login;
  if (failure.status === 404) return FAVORITE_MSG.notFound;
  if (failure.status === 400) return FAVORITE_MSG.invalidId;
  // A per-member limit: its own text (收藏操作过于频繁，请稍后再试).
  if (failure.status === 429 && failure.serverMessage) return failure.serverMessage;
  if (failure.status && failure.status >= 500) return FAVORITE_MSG.failed(wasFavorited);
  return FAVORITE_MSG.fallback;
}

/** The server's message (不能关注自己, 请先登录后再关注用户…) or 关注操作失败; no answer: the catch path's text. */
export function followFailureText(failure: CallFailure): string {
  if (failure.network) return IDEA_PAGE_MSG.followFailedRetry;
  if (failure.status && failure.status < 500 && failure.serverMessage) return failure.serverMessage;
  return IDEA_PAGE_MSG.followFailed;
}

/** The idea's absolute address, as shared and encoded in the poster's QR code. */
export function ideaUrl(origin: string, ideaId: number): string {
  return `${origin.replace(/\/+$/, '')}/idea/${ideaId}`;
}

/** The poster's file name: the title without characters file systems refuse, and the id. */
export function posterFileName(title: string, ideaId: number): string {
  const safe = title
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '')
    .trim()
    .slice(0, 40);
  return `${safe || '创意'}-${ideaId}.png`;
}
