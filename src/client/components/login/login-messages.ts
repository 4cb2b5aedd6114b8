/** What the login page says (pages/LoginPage.tsx and its parts here). */
export const LOGIN_MSG = {
  loginFailed: '登录失败，请重试',
  registerFailed: '注册失败，请重试',
  sendFailed: '发送验证码失败，请稍后重试',
  comingSoon: '该登录方式即将开放，敬请期待',
  registered: '注册成功，请登录',
  emailClosed: '邮箱登录暂未开放，请使用手机号登录',
  sessionEnded: '登录已过期，请重新登录，登录后会回到刚才的页面',
  ideaWaiting: '登录后即可查看这个创意的详情，登录后会直接打开它',
  pageWaiting: (name: string) => `请先登录，登录后将回到“${name}”`,
} as const;
