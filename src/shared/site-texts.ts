/** The database connection check (/test-db, GET /api/test-connection): the server's answer and the page say the same. */
export const CONNECTION_TEXT = {
  ok: '数据库连接正常',
  failed: '数据库连接失败',
  /** The page's words when the check itself could not be asked (the spec's 'test connection failed'). */
  testFailed: '数据库连接测试失败，请稍后重试',
} as const;
