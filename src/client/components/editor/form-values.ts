/** The editor's values and field errors, and how an idea and the server's answers map onto them. */
import { DEFAULT_IDEA_TITLE, DEFAULT_MARKET_IDENTIFIER, MARKET_IDENTIFIERS, TAGS_MAX, type MarketIdentifier } from '../../../shared/idea-rules.ts';
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { fieldErrors } from '../../lib/api-errors.ts';

export const CREATE_MSG = {
  draftLoadFailed: '草稿加载失败，请稍后重试',
  draftLoading: '草稿加载中…',
  uploadsPending: '图片上传中，完成后即可保存或发布',
  tagsHint: `用空格分隔，最多${TAGS_MAX}个`,
  copyRestored: '已恢复你上次没有保存的内容，检查后再保存或发布。',
  discardCopy: '放弃这些内容',
} as const;

/** The page's h1: the preview scrolls back to it. */
export const HEADING_ID = 'create-pin-heading';

export interface IdeaFormValues {
  title: string;
  description: string;
  marketIdentifier: MarketIdentifier;
  analysis: string;
  tagsText: string;
  allowComments: boolean;
  showSimilar: boolean;
}

export type FieldName = 'title' | 'description' | 'tags' | 'analysis';
export type FieldErrors = Partial<Record<FieldName, string>>;

export const EMPTY_VALUES: IdeaFormValues = {
  title: '',
  description: '',
  marketIdentifier: DEFAULT_MARKET_IDENTIFIER,
  analysis: '',
  tagsText: '',
  allowComments: true,
  showSimilar: true,
};

const isMarketIdentifier = (value: unknown): value is MarketIdentifier => (MARKET_IDENTIFIERS as readonly unknown[]).includes(value);

export function valuesFromIdea(idea: IdeaDto): IdeaFormValues {
  return {
    // A draft saved without a title was stored as the default; the author should not publish that by accident.
    title: idea.title === DEFAULT_IDEA_TITLE ? '' : idea.title,
    description: idea.description ?? '',
    marketIdentifier: isMarketIdentifier(idea.marketIdentifier) ? idea.marketIdentifier : DEFAULT_MARKET_IDENTIFIER,
    analysis: idea.detailedAnalysis ?? '',
    tagsText: (idea.tags ?? []).join(' '),
    allowComments: idea.allowComments ?? true,
    showSimilar: idea.showSimilar ?? true,
  };
}

/** The server's per-field messages (zod), placed beside the matching fields. */
export function serverFieldErrors(err: unknown): FieldErrors {
  const fields = fieldErrors(err);
  const out: FieldErrors = {};
  if (fields.title?.[0]) out.title = fields.title[0];
  if (fields.description?.[0]) out.description = fields.description[0];
  if (fields.tags?.[0]) out.tags = fields.tags[0];
  if (fields.detailedAnalysis?.[0]) out.analysis = fields.detailedAnalysis[0];
  return out;
}
