/** Idea rules shared by the editor and the server (docs/spec/publishing-and-browsing.md §5, §9). Pure: no zod, no I/O. */
import { trimInvisible } from './invisible-text.ts';

export const DEFAULT_IDEA_TITLE = '未命名创意';
export const IDEA_TITLE_MAX = 60;
export const IDEA_DESCRIPTION_MAX = 300;
/** Sanitized HTML; generous, since images are links, not data. */
export const IDEA_ANALYSIS_MAX = 60_000;
export const EXPANSION_MAX = 1000;
export const EXPANSIONS_PER_IDEA_MAX = 50;

export const TAGS_MAX = 5;
export const TAG_MAX_CJK = 6;
export const TAG_MAX_OTHER = 12;
export const CARD_TAGS_SHOWN = 3;

export const IMAGES_PER_IDEA = 3;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_COMPRESS_THRESHOLD_BYTES = 1024 * 1024;

export const RECYCLE_BIN_DAYS = 7;
export const NEW_CARD_HOURS = 24;
export const NEW_IDEA_DAYS = 7;
export const HOT_IDEAS_DEFAULT = 3;
export const USER_LATEST_DEFAULT = 6;
export const IDEA_PRICE = 0;

export const MARKET_IDENTIFIERS = ['market_exists', 'market_not_exists'] as const;
export type MarketIdentifier = (typeof MARKET_IDENTIFIERS)[number];
export const DEFAULT_MARKET_IDENTIFIER: MarketIdentifier = 'market_exists';
export const MARKET_LABELS: Record<MarketIdentifier, string> = {
  market_exists: '市场已有',
  market_not_exists: '市场暂无',
};

/**
 * The idea page's market marker (docs/spec/accounts-and-people.md §2, §3): read from marketIdentifier;
 * missing means the default (market_exists), any other value 市场暂无.
 */
export function marketMarker(idea: { marketIdentifier?: string | null }): { id: MarketIdentifier; label: string } {
  const value = idea.marketIdentifier || DEFAULT_MARKET_IDENTIFIER;
  const id: MarketIdentifier = value === 'market_exists' ? 'market_exists' : 'market_not_exists';
  return { id, label: MARKET_LABELS[id] };
}

export const IDEA_MSG = {
  titleRequired: '请填写创意标题',
  titleTooLong: `标题不能超过${IDEA_TITLE_MAX}个字`,
  descriptionTooLong: `简介不能超过${IDEA_DESCRIPTION_MAX}个字`,
  analysisTooLong: '详细分析内容过长，请精简后再提交',
  tooManyTags: `标签数量超过${TAGS_MAX}个，仅保留前${TAGS_MAX}个`,
  tagsNotSaved: (tags: readonly string[]) => `${tags.map((t) => `「${t}」`).join('')}不会保存`,
  tagTooLongCjk: (tag: string) => `标签「${tag}」超过${TAG_MAX_CJK}个字符限制`,
  tagTooLongOther: (tag: string) => `标签「${tag}」超过${TAG_MAX_OTHER}个字符限制`,
  fixTags: '请修正标签错误',
  expansionRequired: '请输入扩展内容',
  expansionTooLong: `扩展内容不能超过${EXPANSION_MAX}个字`,
  loginToPublish: '请先登录后再发布创意',
  loginToSaveDraft: '请先登录后再保存草稿',
  loginToFavorite: '请先登录后再收藏',
  publishFailed: '发布创意失败，请重试',
  networkFailed: '网络连接失败，请检查网络后重试',
  createFailed: '创建创意失败',
  publishDraftFailed: '发布草稿失败',
  expansionsFailed: '更新创意扩展失败',
  deleteFailed: '删除创意失败',
  restoreFailed: '恢复创意失败',
  notFound: '创意不存在或已被删除',
  notFoundOrForbidden: '创意不存在或无权操作',
  restoreExpired: `已超过${RECYCLE_BIN_DAYS}天恢复期限，无法恢复`,
  restoreGone: '创意不存在或已被永久删除',
  notDeleted: '这条创意不在回收站里，无需恢复',
  notEditable: '审核中的创意暂时不能修改',
  decidedMeanwhile: '管理员刚刚处理了这条创意，请刷新页面查看它现在的状态后再修改',
  notDraft: '只有草稿可以直接发布；已发布或被驳回的创意请编辑后再提交',
  imagesOnly: '只能插入图片文件',
  tooManyImages: `最多只能插入${IMAGES_PER_IDEA}张图片`,
  imageTooLarge: '图片大小不能超过10MB',
  uploadNetwork: '图片上传失败：网络连接异常，请检查网络后重试',
  uploadTooLarge: '图片上传失败：文件过大（最大10MB）',
  uploadUnsupported: '图片上传失败：不支持的图片格式',
  uploadFailed: '图片上传失败，请重试',
} as const;

export const CJK_PATTERN = /[\u3400-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]/;

export interface TagParse {
  tags: string[];
  /** Set when more than 5 were given and the rest dropped. */
  notice: string | null;
  /** The tags past the limit, in the order given: not saved (the editor names them). */
  dropped: string[];
  /** Any of these blocks save and publish. */
  errors: string[];
}

/** Whether one tag is within its length limit: 6 characters when it has Chinese (or other CJK), else 12. Pure. */
export function tagWithinLength(tag: string): boolean {
  return [...tag].length <= (CJK_PATTERN.test(tag) ? TAG_MAX_CJK : TAG_MAX_OTHER);
}

/** Splits on whitespace, keeps the first 5 distinct tags, and checks each one's length. */
export function parseTags(input: string | readonly string[] | null | undefined): TagParse {
  const text: string = typeof input === 'string' ? input : (input ?? []).join(' ');
  const raw = text.split(/\s+/).filter(Boolean);
  // Each tag without invisible ends, so a blank letter between spaces is no tag (a review stored two).
  const distinct = [...new Set(raw.map((t) => trimInvisible(t).replace(/^#/, '')).filter(Boolean))];
  const tags = distinct.slice(0, TAGS_MAX);
  const errors: string[] = [];
  for (const tag of tags.filter((t) => !tagWithinLength(t))) errors.push(CJK_PATTERN.test(tag) ? IDEA_MSG.tagTooLongCjk(tag) : IDEA_MSG.tagTooLongOther(tag));
  return { tags, notice: distinct.length > TAGS_MAX ? IDEA_MSG.tooManyTags : null, dropped: distinct.slice(TAGS_MAX), errors };
}

/** Cards show New for 24 hours. */
export function isNewCard(createdAt: string | Date, now = Date.now()): boolean {
  return now - new Date(createdAt).getTime() < NEW_CARD_HOURS * 3600 * 1000;
}

/** An analysis image the author has not described is described by this text. */
export const IDEA_IMAGE_ALT = '创意配图';

/** How long an author's description of one picture may be (its alt text; the editor's 图片说明 field). */
export const IMAGE_CAPTION_MAX = 60;

/**
 * An image's alt text as stored: the author's description on one line, without invisible characters
 * at its ends, cut to IMAGE_CAPTION_MAX; IDEA_IMAGE_ALT when there is none. The editor and the
 * server's sanitizer both apply it, so what the author sees is what is stored.
 */
export function imageCaption(text: string | undefined | null): string {
  const oneLine = trimInvisible(String(text ?? '').replace(/[\s\p{Cc}]+/gu, ' '));
  return [...oneLine].slice(0, IMAGE_CAPTION_MAX).join('').trim() || IDEA_IMAGE_ALT;
}
