/**
 * The failure body of every REST error (docs/architecture.md §6), as the server sends it: `success: false` and a
 * Chinese `message`, plus the fields some failures carry. Nothing else: a new field beside the
 * message is added here first, or the conformance test fails.
 */
import { z } from 'zod';
import { PASSWORD_REQUIRED_ERROR } from '../account-rules.ts';
import { PUBLISH_ERROR_TYPES, type DuplicateInfo, type ModerationResult } from '../idea-display.ts';

/** 409 on publish. */
export const ZDuplicateInfo = z
  .object({
    type: z.enum(['exact', 'similar_title', 'highly_similar', 'rate_limit']),
    existingIdeaId: z.number().int().positive().optional(),
    existingTitle: z.string().optional(),
    similarity: z.number().optional(),
    retryAfter: z.number().int().positive().optional(),
  })
  .meta({ id: 'DuplicateInfo' }) satisfies z.ZodType<DuplicateInfo>;

/** 403 on publish. */
export const ZModerationResult = z
  .object({
    passed: z.literal(false),
    reason: z.literal('sensitive_words'),
    matchedWords: z.array(z.string()),
    fields: z.array(z.string()),
  })
  .meta({ id: 'ModerationResult' }) satisfies z.ZodType<ModerationResult>;

export const ZFailure = z
  .object({
    success: z.literal(false),
    message: z.string().min(1),
    /** 400 from input validation: field → its messages (the first one is `message`). */
    errors: z.record(z.string(), z.array(z.string())).optional(),
    /** The field a 400 is about, where no schema names it (e.g. a new password equal to the old one). */
    field: z.string().optional(),
    /** What kind of 409/403 this is: a duplicate, a sensitive word, or a change that needs the current password first. */
    errorType: z.enum([PUBLISH_ERROR_TYPES.duplicate, PUBLISH_ERROR_TYPES.moderation, PASSWORD_REQUIRED_ERROR]).optional(),
    duplicateInfo: ZDuplicateInfo.optional(),
    moderationResult: ZModerationResult.optional(),
    /** 503 when the SMS provider failed. */
    smsError: z.string().optional(),
  })
  .meta({ id: 'Failure' });
