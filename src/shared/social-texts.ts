/** Follow and favourite texts (docs/spec/accounts-and-people.md §5/§8, docs/spec/publishing-and-browsing.md §8): the server's messages and the client's toasts say the same. */
export const FOLLOW_TEXT = {
  loginRequired: '请先登录后再关注用户',
  notSelf: '不能关注自己',
  followed: '已关注',
  unfollowed: '已取消关注',
  failed: '关注操作失败',
  failedRetry: '关注操作失败，请稍后重试',
} as const;

export const FAVORITE_TEXT = {
  added: '收藏成功',
  removed: '已取消收藏',
} as const;
