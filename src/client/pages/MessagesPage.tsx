/**
 * 消息 (/messages), docs/spec/publishing-and-browsing.md §2 "Messages": system notices, announcements and replies to the
 * member's feedback, newest first. Each shows its type (icon and label), priority (colour and word),
 * an unread dot, an 80-character preview that expands, the original feedback on a reply
 * (100-character preview) and a delete with confirmation. A notice about a member (a comment, a
 * reply, a new follower) shows who, with their avatar, and links to the comment itself
 * (`/idea/{id}#comment-{id}`) or the idea.
 *
 * Opening the page reads what it shows: once the list is on a visible page, its unread
 * messages are marked read (`messages.markShownRead`), so the navigation badges and the bell clear;
 * the ones that were unread keep their dot and tint for this visit, so the member still sees which
 * are new. The all-read button remains for unread messages the page could not mark. The list and the
 * count refresh every UNREAD_REFRESH_MESSAGES_PAGE_MS while the page is visible and on focus; every
 * change here refreshes the navigation badge at once (one query key, useBadgeCounts.ts). The list
 * comes in pages of 50 (加载更早的消息); the all-read button also shows when the count says there are
 * unread messages on pages not loaded yet.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDateTime, relativeTime } from '../../shared/relative-time.ts';
import { MESSAGE_PREVIEW_CHARS, MESSAGE_TEXT, MESSAGE_TYPE_LABEL, ORIGINAL_FEEDBACK_PREVIEW_CHARS, SENDER_LABEL, UNREAD_REFRESH_MESSAGES_PAGE_MS } from '../../shared/message-texts.ts';
import { Avatar } from '../components/Avatar.tsx';
import { Feedback, type FeedbackState } from '../components/Feedback.tsx';
import { LoadingLine } from '../components/LoadingLine.tsx';
import { quoteName, useConfirm } from '../components/ui/ConfirmDialog.tsx';
import { useToast } from '../components/ui/Toast.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { errorMessage, httpStatusOf } from '../lib/api-errors.ts';
import { getToken } from '../lib/storage.ts';
import { preview } from '../lib/message-state.ts';
import { trpc, type RouterOutputs } from '../lib/trpc.ts';
import { joinPolling } from '../lib/visible-polling.ts';
import '../styles/ideas.css';
import '../styles/messages.css';
import { RetryLine, STALE_LIST_MESSAGE } from '../components/ui/RetryLine.tsx';
import { LoadMore } from '../components/ui/LoadMore.tsx';
import { BusyButton } from '../components/ui/BusyButton.tsx';
import { useUnreadCount } from '../hooks/useBadgeCounts.ts';
import { LineIcon } from '../components/ui/LineIcon.tsx';
import { WELCOME_LINKS, WELCOME_MESSAGE } from '../../shared/welcome-message.ts';

type Message = RouterOutputs['messages']['list']['data'][number];

export const MESSAGES_MSG = {
  loadFailed: '获取消息失败，请稍后重试',
  deleteFailed: '删除消息失败，请稍后重试',
  notLoggedIn: '请先登录后再删除消息',
  markFailed: '标记已读失败，请稍后重试',
  empty: '暂时没有消息',
  loadMoreFailed: '加载更早的消息失败，请稍后重试',
  deleted: '消息已删除',
  allRead: MESSAGE_TEXT.allRead,
} as const;

const PRIORITY_LABEL = { high: '重要', normal: '普通', low: '低' } as const;

export default function MessagesPage() {
  usePageTitle('消息');
  const utils = trpc.useUtils();
  // Pages of MESSAGES_PAGE_SIZE, newest first; 加载更早的消息 asks for the next.
  const list = trpc.messages.list.useInfiniteQuery({}, { getNextPageParam: (last) => last.nextCursor ?? null });
  const messages = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const unreadTotal = useUnreadCount().data ?? 0;
  const markRead = trpc.messages.markRead.useMutation();
  const markShown = trpc.messages.markShownRead.useMutation();
  const markAll = trpc.messages.markAllRead.useMutation();
  const remove = trpc.messages.remove.useMutation();
  const confirm = useConfirm();
  const toast = useToast();
  const [feedback, setFeedback] = useState<FeedbackState>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  // The page's own refresh: the list and the count together, so the two never disagree for long.
  useEffect(
    () =>
      joinPolling('messages-page', UNREAD_REFRESH_MESSAGES_PAGE_MS, () => {
        void utils.messages.list.invalidate();
        void utils.messages.unreadCount.invalidate();
      }),
    [utils],
  );

  const refresh = () => Promise.all([utils.messages.list.invalidate(), utils.messages.unreadCount.invalidate()]);

  // Unread when this visit first showed them: they keep the dot once read (see the module comment).
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  // Those whose marking failed: left to the all-read button.
  const [unmarked, setUnmarked] = useState<ReadonlySet<number>>(() => new Set());
  const shownUnread = messages.filter((m) => !m.isRead).map((m) => m.id);
  const shownKey = shownUnread.join(',');
  useEffect(() => {
    if (!shownKey) return;
    const ids = shownKey.split(',').map(Number);
    setFresh((before) => (ids.every((id) => before.has(id)) ? before : new Set([...before, ...ids])));
    let done = false;
    const markWhenSeen = () => {
      if (done || document.visibilityState !== 'visible') return;
      done = true;
      // Unasked for, so a failure stays quiet: the badge and the all-read button remain.
      markShown.mutate({ ids }, { onSuccess: () => void refresh(), onError: () => setUnmarked((before) => new Set([...before, ...ids])) });
    };
    markWhenSeen();
    document.addEventListener('visibilitychange', markWhenSeen);
    return () => document.removeEventListener('visibilitychange', markWhenSeen);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per set of unread messages shown
  }, [shownKey]);

  const onExpand = async (message: Message) => {
    if (message.isRead) return;
    try {
      await markRead.mutateAsync({ id: message.id });
    } catch (err) {
      setFeedback({ kind: 'error', text: errorMessage(err, MESSAGES_MSG.markFailed) });
    }
    await refresh();
  };

  // A deleted message takes its 删除 button with it: focus goes to the message now in its place.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterDelete = (neighbourId: number | null) =>
    requestAnimationFrame(() => {
      const next = neighbourId === null ? null : document.querySelector<HTMLElement>(`[data-message-id="${neighbourId}"] .message-title`);
      (next ?? heading.current)?.focus();
    });

  const onDelete = async (message: Message) => {
    const ok = await confirm({ title: `删除${quoteName(message.title || '这条消息')}？`, message: '删除后无法恢复。', confirmLabel: '删除', danger: true });
    if (!ok) return;
    setFeedback(null);
    if (!getToken()) return setFeedback({ kind: 'error', text: MESSAGES_MSG.notLoggedIn });
    setBusyId(message.id);
    try {
      await remove.mutateAsync({ id: message.id });
      toast(MESSAGES_MSG.deleted);
      const shown = messages;
      const at = shown.findIndex((m) => m.id === message.id);
      const neighbour = shown[at + 1] ?? shown[at - 1] ?? null;
      await refresh();
      focusAfterDelete(neighbour?.id ?? null);
    } catch (err) {
      const status = httpStatusOf(err);
      setFeedback({ kind: 'error', text: status === 401 ? MESSAGES_MSG.notLoggedIn : errorMessage(err, MESSAGES_MSG.deleteFailed) });
      await refresh();
    } finally {
      setBusyId(null);
    }
  };

  const onMarkAll = async () => {
    setFeedback(null);
    try {
      await markAll.mutateAsync();
      toast(MESSAGES_MSG.allRead);
    } catch (err) {
      setFeedback({ kind: 'error', text: errorMessage(err, MESSAGES_MSG.markFailed) });
    }
    await refresh();
  };

  // The list is the truth on this page; the navigation's count may be a poll behind.
  const newCount = messages.filter((m) => !m.isRead || fresh.has(m.id)).length;
  // What the page will not read by itself: unread while the page is hidden, or its marking failed,
  // and unread messages on pages not loaded yet (the count says more than the loaded list holds).
  const visible = typeof document === 'undefined' || document.visibilityState === 'visible';
  const unreadBeyond = list.hasNextPage ? Math.max(0, unreadTotal - messages.filter((m) => !m.isRead).length) : 0;
  const leftUnread = messages.filter((m) => !m.isRead && (!visible || unmarked.has(m.id))).length + unreadBeyond;

  return (
    <main className="page page-reading messages-page">
      <div className="messages-header">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            消息
          </h1>
          {list.isSuccess && <p className="muted messages-count">{countLine(newCount, unreadBeyond)}</p>}
        </div>
        <div className="messages-header-actions">
          {leftUnread > 0 && (
            <BusyButton className="btn btn-small" onClick={() => void onMarkAll()} busy={markAll.isPending}>
              {markAll.isPending ? '处理中…' : '全部标为已读'}
            </BusyButton>
          )}
          <Link href="/messages/settings" className="btn btn-small" data-testid="notification-settings-link">
            通知设置
          </Link>
        </div>
      </div>
      <Feedback feedback={feedback} />
      {list.isRefetchError && <RetryLine message={STALE_LIST_MESSAGE} onRetry={() => void list.refetch()} busy={list.isFetching} />}

      {list.isPending ? (
        <LoadingLine />
      ) : !list.data ? (
        // Only when nothing is loaded: a failed 加载更早的消息 or refresh keeps the pages shown.
        <RetryLine message={MESSAGES_MSG.loadFailed} onRetry={() => void list.refetch()} busy={list.isFetching} />
      ) : messages.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state-title">{MESSAGES_MSG.empty}</p>
          <p className="muted">审核结果、评论回复、新的关注和平台公告都会出现在这里。</p>
        </div>
      ) : (
        <ul className="message-list" aria-label="消息列表">
          {messages.map((m) => (
            <li key={m.id}>
              <MessageItem message={m} isNew={!m.isRead || fresh.has(m.id)} busy={busyId === m.id} onExpand={() => void onExpand(m)} onDelete={() => void onDelete(m)} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} label="加载更早的消息" failedMessage={MESSAGES_MSG.loadMoreFailed} />
    </main>
  );
}

/** The line under the heading: what is new here, and what is unread on pages not loaded yet. */
function countLine(newCount: number, unreadBeyond: number): string {
  const beyond = unreadBeyond > 0 ? `更早的消息里还有 ${unreadBeyond} 条未读` : '';
  if (newCount > 0) return beyond ? `${newCount} 条新消息，${beyond}` : `${newCount} 条新消息`;
  return beyond || '没有新消息';
}

/** Where a message leads: the comment it is about, else its idea. */
export function messageLink(m: Pick<Message, 'ideaId' | 'commentId'>): { href: string; label: string } | null {
  if (!m.ideaId) return null;
  return m.commentId ? { href: `/idea/${m.ideaId}#comment-${m.commentId}`, label: '查看评论' } : { href: `/idea/${m.ideaId}`, label: '查看创意' };
}

/** Every way on from a message: the welcome letter's pages (only the system's own letter of that title), else `messageLink`. */
function messageLinks(m: Pick<Message, 'ideaId' | 'commentId' | 'type' | 'sender' | 'title'>): { href: string; label: string }[] {
  if (m.type === 'system' && m.sender === 'system' && m.title === WELCOME_MESSAGE.title && !m.ideaId) return WELCOME_LINKS.map((l) => ({ ...l }));
  const link = messageLink(m);
  return link ? [link] : [];
}

/** The type shown: a notice about a member says what kind (comment or follower), not 系统通知. */
type Kind = Message['type'] | 'comment' | 'follow';
const KIND_LABEL: Record<Kind, string> = { ...MESSAGE_TYPE_LABEL, comment: '评论与回复', follow: '新的关注' };
const kindOf = (m: Message): Kind => (m.actor ? (m.ideaId ? 'comment' : 'follow') : m.type);

function MessageItem({ message, isNew, busy, onExpand, onDelete }: { message: Message; isNew: boolean; busy: boolean; onExpand: () => void; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const content = preview(message.content, MESSAGE_PREVIEW_CHARS);
  const original = message.originalFeedback ? preview(message.originalFeedback, ORIGINAL_FEEDBACK_PREVIEW_CHARS) : null;
  // An unread message always opens (that is one way it is read); an open one keeps its 收起 (and focus).
  const expandable = content.truncated || !!original?.truncated || !message.isRead || open;
  const toggle = () => {
    if (!open) onExpand();
    setOpen(!open);
  };
  const kind = kindOf(message);
  const links = messageLinks(message);
  const actor = message.actor;
  const time = (
    <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
      {relativeTime(message.createdAt)}
    </time>
  );
  return (
    <article className={`message message-${message.priority} ${isNew ? 'message-unread' : ''}`} data-testid="message" data-message-id={message.id} aria-labelledby={`${id}-title`}>
      <div className="message-head">
        <span className={`message-type message-type-${kind}`}>
          <TypeIcon kind={kind} />
          {KIND_LABEL[kind]}
        </span>
        <span className={`message-priority message-priority-${message.priority}`}>{PRIORITY_LABEL[message.priority]}</span>
        {isNew && (
          <span className="message-dot" data-testid="message-unread-dot">
            <span className="visually-hidden">新消息</span>
          </span>
        )}
      </div>
      <div className={actor ? 'message-from message-from-person' : 'message-from'}>
        {actor && <Avatar src={actor.avatarUrl} alt="" size={40} className="message-avatar" />}
        <div className="message-from-text">
          <h2 id={`${id}-title`} className="message-title" tabIndex={-1}>
            {message.title}
          </h2>
          <p className="message-meta" data-testid="message-meta">
            {actor ? (
              <>
                {actor.registrationNumber ? (
                  <Link href={`/hunter/${actor.registrationNumber}`} className="message-actor" data-testid="message-actor">
                    {actor.nickname}
                  </Link>
                ) : (
                  <span className="message-actor" data-testid="message-actor">
                    {actor.nickname}
                  </span>
                )}{' '}
                · {time}
              </>
            ) : (
              <>
                来自{SENDER_LABEL[message.sender]} · {time}
              </>
            )}
          </p>
        </div>
      </div>
      <div id={`${id}-body`} className="message-body">
        <p className="message-content">{open ? message.content : content.text}</p>
        {original && (
          <div className="message-original" data-testid="message-original">
            <p className="message-original-label">你的反馈：</p>
            <p>{open ? message.originalFeedback : original.text}</p>
          </div>
        )}
      </div>
      <div className="message-actions">
        {links.length > 0 && (
          <span className="message-go-links">
            {links.map((link) => (
              <Link key={link.href} href={link.href} className="btn btn-small message-go" data-testid="message-link" onClick={() => !message.isRead && onExpand()}>
                {link.label}
                <span aria-hidden="true"> ›</span>
              </Link>
            ))}
          </span>
        )}
        {expandable && (
          <button type="button" className="btn btn-small" aria-expanded={open} aria-controls={`${id}-body`} onClick={toggle}>
            {open ? '收起' : '展开'}
          </button>
        )}
        <BusyButton className="btn btn-small btn-danger-outline" onClick={onDelete} busy={busy} aria-label={`删除消息「${message.title}」`}>
          删除
        </BusyButton>
      </div>
    </article>
  );
}

function TypeIcon({ kind }: { kind: Kind }) {
  const paths: Record<Kind, ReactNode> = {
    system: <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5h4" />,
    announcement: <path d="M4 10v4h3l7 4V6L7 10zM17 9.5a3.5 3.5 0 0 1 0 5" />,
    feedback_reply: <path d="M4 5h16v11H9l-5 4zM8 9.5h8M8 12.5h5" />,
    comment: <path d="M4.5 5.5h15a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H10l-4.5 3.5v-3.5h-1a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1z" />,
    follow: <path d="M10 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3.5 20a6.5 6.5 0 0 1 13 0M19 8v6M16 11h6" />,
  };
  return (
    <LineIcon className="message-type-icon" size={16}>
      {paths[kind]}
    </LineIcon>
  );
}
