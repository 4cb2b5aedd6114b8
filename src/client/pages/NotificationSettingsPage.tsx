/**
 * 通知设置 (/messages/settings): one switch per kind of system message a member may turn off
 * (src/shared/notification-settings.ts), each saved when it changes (`notificationSettings.update`,
 * a toast says so). A switched-off kind is never sent; what is always delivered is said under them.
 * Reached from the 消息 page's header and the account menu.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { NOTICE_KIND_TEXT, NOTICE_KINDS, NOTIFICATION_SETTINGS_TEXT, type NoticeKind } from '../../shared/notification-settings.ts';
import { LoadingLine } from '../components/LoadingLine.tsx';
import { RetryLine } from '../components/ui/RetryLine.tsx';
import { useToast } from '../components/ui/Toast.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { errorMessage } from '../lib/api-errors.ts';
import { trpc } from '../lib/trpc.ts';
import '../styles/messages.css';

export const NOTIFICATION_SETTINGS_MSG = {
  loadFailed: '获取通知设置失败，请稍后重试',
  saveFailed: '保存通知设置失败，请稍后重试',
} as const;

export default function NotificationSettingsPage() {
  usePageTitle('通知设置');
  const utils = trpc.useUtils();
  const settings = trpc.notificationSettings.get.useQuery(undefined);
  const update = trpc.notificationSettings.update.useMutation();
  const toast = useToast();
  // The switches whose save is on its way: they show the new state and wait.
  const [saving, setSaving] = useState<Partial<Record<NoticeKind, boolean>>>({});

  const onChange = async (kind: NoticeKind, on: boolean) => {
    setSaving((s) => ({ ...s, [kind]: on }));
    try {
      const saved = await update.mutateAsync({ [kind]: on });
      utils.notificationSettings.get.setData(undefined, saved);
      toast(on ? `已开启「${NOTICE_KIND_TEXT[kind].label}」通知` : `已关闭「${NOTICE_KIND_TEXT[kind].label}」通知`);
    } catch (err) {
      toast(errorMessage(err, NOTIFICATION_SETTINGS_MSG.saveFailed), 'error');
    } finally {
      setSaving(({ [kind]: _, ...rest }) => rest);
    }
  };

  return (
    <main className="page page-reading notification-settings-page">
      <p className="notification-settings-back">
        <Link href="/messages">‹ 返回消息</Link>
      </p>
      <h1 tabIndex={-1}>通知设置</h1>
      <p className="muted">选择哪些消息要通知你。关闭后，这类消息不会再发给你。</p>
      {settings.isPending ? (
        <LoadingLine />
      ) : !settings.data ? (
        <RetryLine message={NOTIFICATION_SETTINGS_MSG.loadFailed} onRetry={() => void settings.refetch()} busy={settings.isFetching} />
      ) : (
        <ul className="notification-switches" aria-label="可以关闭的通知">
          {NOTICE_KINDS.map((kind) => {
            const pending = saving[kind];
            const checked = pending ?? settings.data.data[kind];
            const nameId = `notice-${kind}-name`;
            const hintId = `notice-${kind}-hint`;
            return (
              <li key={kind} className="notification-switch">
                <label className="notification-switch-label">
                  <span className="notification-switch-text">
                    <span className="notification-switch-name" id={nameId}>
                      {NOTICE_KIND_TEXT[kind].label}
                    </span>
                    <span className="muted notification-switch-hint" id={hintId}>
                      {NOTICE_KIND_TEXT[kind].hint}
                    </span>
                  </span>
                  <input
                    type="checkbox"
                    role="switch"
                    className="switch-input"
                    checked={checked}
                    aria-labelledby={nameId}
                    aria-describedby={hintId}
                    aria-busy={pending !== undefined}
                    data-testid={`notice-switch-${kind}`}
                    onChange={(e) => {
                      if (pending === undefined) void onChange(kind, e.target.checked);
                    }}
                  />
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <p className="muted notification-settings-always">{NOTIFICATION_SETTINGS_TEXT.alwaysOn}</p>
    </main>
  );
}
