/** Request bodies for publishing an idea in API tests: each call's description and analysis are new, so no publish is a duplicate. */
import type { TestApp } from './api.ts';

let n = 0;
const unique = () => `${++n}${Math.random().toString(36).slice(2, 6)}`;

export const publishedIdeaBody = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `一句话介绍${unique()}`,
  detailedAnalysis: `<p>详细分析${unique()}</p>`,
  tags: '测试',
  status: 'published',
  ...extra,
});

let seq = 0;
/** A whole idea whose every text no other test publishes, so the duplicate checks stay out of the way. */
export function uniqueIdea(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const n = `${seq}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    title: `回归测试创意${n}`,
    description: `回归测试的一句话介绍${n}`,
    detailedAnalysis: `<p>回归测试第${n}号的详细分析，${'市场与用户'.repeat(2)}${n}</p>`,
    tags: '测试',
    status: 'published',
    ...overrides,
  };
}

/** Creates a unique idea through REST (published unless `overrides` say otherwise); anything but 201 fails the test. */
export async function postIdea(app: { api: TestApp['api'] }, who: { token: string }, overrides: Record<string, unknown> = {}) {
  const res = await app.api('POST', '/api/ideas', { token: who.token, body: uniqueIdea(overrides) });
  if (res.status !== 201) throw new Error(`create ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; status: string; moderation_status: string };
}
