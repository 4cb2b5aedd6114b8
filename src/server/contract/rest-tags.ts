/** The groups of the OpenAPI document (/api/openapi.json), one per part of the product a script works with. */
export const REST_TAG = {
  system: '系统',
  account: '账户',
  ideas: '创意',
  uploads: '上传',
  marketplace: '创意市场',
  favorites: '收藏',
  follows: '关注',
  comments: '评论',
  messages: '消息',
  feedback: '反馈',
  admin: '管理',
} as const;
