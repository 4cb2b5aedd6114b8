/** The admin console's moderation log (docs/architecture.md §10): who did what, when, to which target. */
import { formatDateTime } from '../../../shared/relative-time.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { LoadingLine } from '../LoadingLine.tsx';
import { RetryLine } from '../ui/RetryLine.tsx';

export const ACTION_LABEL: Record<string, string> = {
  approve_idea: '通过创意',
  approve_own_idea: '通过自己的创意（自审）',
  edit_approve_idea: '修改后通过创意',
  reject_idea: '驳回创意',
  take_down_idea: '下架创意',
  approve_comment: '通过待审评论',
  reject_comment: '驳回待审评论',
  add_watched_word: '添加监控词',
  change_watched_word: '修改监控词的处理方式',
  import_watched_words: '导入监控词',
  remove_watched_word: '删除监控词',
  reply_feedback: '回复反馈',
  send_announcement: '发布公告',
  dismiss_report: '驳回举报',
  delete_comment: '删除评论',
  mute_member: '禁言用户',
  unmute_member: '解除禁言',
};
const TARGET_LABEL: Record<string, string> = { idea: '创意', feedback: '反馈', announcement: '公告', report: '举报', comment: '评论', watched_word: '监控词', user: '用户' };
const FIELD_LABEL: Record<string, string> = { title: '标题', description: '简介', tags: '标签', detailedAnalysis: '详细分析（HTML）' };

export function ModerationLog() {
  const log = trpc.admin.log.useQuery(undefined, { select: (answer) => answer.data });
  if (log.isPending) return <LoadingLine />;
  if (log.isError) return <RetryLine message={errorMessage(log.error, '加载操作记录失败，请稍后重试')} onRetry={() => void log.refetch()} busy={log.isFetching} />;
  const rows = log.data ?? [];
  if (!rows.length) return <p className="empty-state muted">还没有操作记录</p>;
  return (
    <table className="admin-log" data-testid="admin-log">
      <caption className="visually-hidden">操作记录，最新的在前</caption>
      <thead>
        <tr>
          <th scope="col">时间</th>
          <th scope="col">管理员</th>
          <th scope="col">操作</th>
          <th scope="col">对象</th>
          <th scope="col">说明</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} className={r.action === 'approve_own_idea' ? 'admin-log-flagged' : undefined}>
            <td data-label="时间">
              <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
            </td>
            <td data-label="管理员">{r.admin ? `${r.admin.nickname}（${r.admin.registrationNumber}）` : '已注销的管理员'}</td>
            <td data-label="操作">{ACTION_LABEL[r.action] ?? r.action}</td>
            <td data-label="对象">
              {TARGET_LABEL[r.targetType] ?? r.targetType} #{r.targetId}
            </td>
            <td data-label="说明">
              {r.detail || '—'}
              {r.edits && r.edits.length > 0 && (
                <details className="admin-log-edits">
                  <summary>修改前后对比</summary>
                  <dl>
                    {r.edits.map((e) => (
                      <div key={e.field}>
                        <dt>{FIELD_LABEL[e.field] ?? e.field}</dt>
                        <dd>
                          <span className="admin-log-before">修改前：{e.before || '（空）'}</span>
                          <span className="admin-log-after">修改后：{e.after || '（空）'}</span>
                        </dd>
                      </div>
                    ))}
                  </dl>
                </details>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
