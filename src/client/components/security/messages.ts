/** What the security settings' tabs say (SecurityModal.tsx and its tabs here). */
export const SECURITY_MSG = {
  passwordChanged: '密码修改成功！',
  passwordChangeFailed: '密码修改失败',
  passwordChangeNetwork: '修改密码失败，请稍后重试',
  codeSent: '验证码已发送到你的手机',
  sendFailed: '发送验证码失败',
  sendNetwork: '发送验证码失败，请稍后重试',
  verifyFailed: '验证码验证失败',
  updateFailed: '修改失败',
  updateNetwork: '修改失败，请稍后重试',
  phoneChanged: '手机号修改成功',
  deactivateFailed: '注销失败，请稍后重试',
  deactivateCallFailed: '账号注销失败',
  deactivated: '账号注销成功，感谢你的使用',
  emailClosed: '邮箱绑定功能暂时关闭，敬请期待',
} as const;
