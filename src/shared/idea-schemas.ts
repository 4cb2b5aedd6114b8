/** Idea inputs, one zod definition each, for tRPC, REST (and OpenAPI) and the editor. */
import { z } from 'zod';
import './zod-locale.ts';
import { EXPANSION_MAX, EXPANSIONS_PER_IDEA_MAX, IDEA_ANALYSIS_MAX, IDEA_DESCRIPTION_MAX, IDEA_MSG, IDEA_TITLE_MAX, MARKET_IDENTIFIERS, parseTags } from './idea-rules.ts';
import { REJECT_REASON_MAX, REJECT_REASON_MSG, TAKE_DOWN_REASON_MSG } from './idea-display.ts';
import { ZStoredText } from './stored-text.ts';
import { atMostChars } from './text-length.ts';

import type { ZIdea } from './outputs/ideas.ts';

/** A yes/no from JSON (true, 1) or a query string ('true', '1'). */
export const ZFlag = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/** Tags arrive as a whitespace-separated string or an array; both become a checked list. */
export const ZTags = z
  .union([ZStoredText().max(500), z.array(ZStoredText().max(100)).max(50)])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const parsed = parseTags(value);
    if (parsed.errors.length) {
      ctx.addIssue({ code: 'custom', message: `${IDEA_MSG.fixTags}：${parsed.errors.join('；')}` });
      return z.NEVER;
    }
    return parsed.tags;
  });

/** Every field may be left out: a new idea takes the defaults, an update keeps what is stored. */
export const ZIdeaFields = z.object({
  title: ZStoredText().trim().max(IDEA_TITLE_MAX, IDEA_MSG.titleTooLong).optional(),
  description: ZStoredText().trim().max(IDEA_DESCRIPTION_MAX, IDEA_MSG.descriptionTooLong).optional(),
  detailedAnalysis: ZStoredText().max(IDEA_ANALYSIS_MAX, IDEA_MSG.analysisTooLong).optional(),
  marketIdentifier: z.enum(MARKET_IDENTIFIERS, { error: '市场标识只能是 market_exists 或 market_not_exists' }).optional(),
  tags: ZTags,
  allowComments: ZFlag.optional(),
  showSimilar: ZFlag.optional(),
  /** Always 0 (docs/spec/publishing-and-browsing.md §5); accepted and ignored. */
  price: z.unknown().optional(),
});

export const ZIdeaStatusInput = z.enum(['draft', 'published'], { error: '状态只能是 draft 或 published' });

export const ZCreateIdeaRequest = ZIdeaFields.extend({ status: ZIdeaStatusInput.optional().default('draft') });
export type TCreateIdeaRequest = z.infer<typeof ZCreateIdeaRequest>;

/** Without status an update keeps the idea's status. */
export const ZUpdateIdeaRequest = ZIdeaFields.extend({ status: ZIdeaStatusInput.optional() });
export type TUpdateIdeaRequest = z.infer<typeof ZUpdateIdeaRequest>;

export const ZExpansionsRequest = z.object({
  expansions: z
    .array(z.union([ZStoredText(), z.object({ id: z.union([z.string(), z.number()]).optional(), content: ZStoredText(), createdAt: z.string().optional() })]))
    .max(EXPANSIONS_PER_IDEA_MAX, `扩展最多${EXPANSIONS_PER_IDEA_MAX}条`)
    .transform((items, ctx) => {
      const contents = items.map((item) => (typeof item === 'string' ? item : item.content).trim());
      if (contents.some((c) => !c)) ctx.addIssue({ code: 'custom', message: IDEA_MSG.expansionRequired });
      if (contents.some((c) => [...c].length > EXPANSION_MAX)) ctx.addIssue({ code: 'custom', message: IDEA_MSG.expansionTooLong });
      return contents;
    }),
});

export const IDEA_LIBRARY_STATUSES = ['published', 'draft', 'deleted', 'all'] as const;
export const ZMyIdeasQuery = z.object({ status: z.enum(IDEA_LIBRARY_STATUSES).optional().default('all'), cursor: z.string().max(200).optional() });

const reasonText = (messages: { required: string; tooLong: string }) => atMostChars(ZStoredText(messages.required).trim().min(1, messages.required), REJECT_REASON_MAX, messages.tooLong);
export const ZRejectRequest = z.object({ reason: reasonText(REJECT_REASON_MSG) });
export const ZTakeDownRequest = z.object({ reason: reasonText(TAKE_DOWN_REASON_MSG) });

/** A moderator's correction before approval: any of the four fields, and an optional word to the author. */
export const ZEditApproveRequest = ZIdeaFields.pick({ title: true, description: true, detailedAnalysis: true, tags: true }).extend({
  note: atMostChars(ZStoredText().trim(), REJECT_REASON_MAX, `说明不能超过${REJECT_REASON_MAX}个字`).optional(),
});

export const ZListLimit = (fallback: number) => z.coerce.number().int().min(1).max(100).optional().default(fallback);

/** What the API returns for an idea; `detailedAnalysis` only for the author and those who unlocked it. */
export type IdeaDto = z.infer<typeof ZIdea>;
