/** Request bodies for publishing an idea in API tests: each call's description and analysis are new, so no publish is a duplicate. */
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
