/**
 * One spelling per transport (docs/api.md, "Field names"). Answer schemas name every field in
 * camelCase, as the app's transport (tRPC) sends it. Where the spec names a field otherwise
 * (`created_at`, `is_deleted` as 0 or 1, `favorited`), the field carries that REST name here, and
 * the REST view (server/rest/rest-view.ts) answers with it instead: each transport says it once.
 */
import { z, type ZodType } from 'zod';

export interface RestName {
  /** The name(s) on REST: two where the spec names the same value twice (`authorName`, `user_nickname`). */
  names: readonly string[];
  /** A boolean the spec sends as 0 or 1. */
  zeroOne?: true;
}

/** Field schema → its REST name. A registry, not `.meta()`: nothing of it enters the JSON Schema. */
export const restNames = z.registry<RestName>();

/** `schema`, named `names` on REST; `zeroOne` for a boolean the spec sends as 0 or 1. */
export function restName<T extends ZodType>(names: string | readonly string[], schema: T, options: { zeroOne?: true } = {}): T {
  const field = schema.clone() as T;
  restNames.add(field, { names: typeof names === 'string' ? [names] : names, ...options });
  return field;
}
