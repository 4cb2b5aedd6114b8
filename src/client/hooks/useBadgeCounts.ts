/**
 * The two navigation badges, one store for every place that shows or changes them (react-query's
 * cache under the tRPC keys): the unread messages count and the follow-updates count. A page that
 * reads or deletes messages invalidates `messages.unreadCount`; opening a followed member writes a
 * viewed mark, which every badge hears through VIEWED_MARKS_EVENT.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { joinPolling } from '../lib/visible-polling.ts';
import {
  countUnviewed,
  pruneMarks,
  readUpdatesCache,
  readViewedMarks,
  VIEWED_MARKS_EVENT,
  writeUpdatesCache,
  writeViewedMarks,
  type FollowUpdateItem,
  type ViewedMarks,
} from '../lib/message-state.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { trpc } from '../lib/trpc.ts';
import { useSession } from './useSession.ts';

/** The unread messages count; `pollMs` refreshes it while the page is visible and on focus. */
export function useUnreadCount(pollMs?: number) {
  const { loggedIn } = useSession();
  const utils = trpc.useUtils();
  const query = trpc.messages.unreadCount.useQuery(undefined, { enabled: loggedIn, select: (answer) => answer.data.count, staleTime: 5_000 });
  useEffect(() => {
    if (!loggedIn || !pollMs) return;
    return joinPolling('unread', pollMs, () => void utils.messages.unreadCount.invalidate());
  }, [loggedIn, pollMs, utils]);
  return query;
}

// The marks as an external store: this tab's writes (VIEWED_MARKS_EVENT) and other tabs' (storage).
let marksSnapshot: { raw: string | null; marks: ViewedMarks } = { raw: null, marks: {} };
function viewedMarksSnapshot(): ViewedMarks {
  const raw = localStorage.getItem(STORAGE_KEYS.followUpdatesViewed);
  if (raw !== marksSnapshot.raw) marksSnapshot = { raw, marks: readViewedMarks() };
  return marksSnapshot.marks;
}
function subscribeMarks(onChange: () => void) {
  window.addEventListener(VIEWED_MARKS_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(VIEWED_MARKS_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}
export function useViewedMarks(): ViewedMarks {
  return useSyncExternalStore(subscribeMarks, viewedMarksSnapshot, () => ({}));
}

type UpdatesAnswer = { data: FollowUpdateItem[] };

/**
 * Followed members with recent ideas. The cached last list (`followUpdatesAll`) shows at once while
 * the fresh one loads; each fresh list is cached again and prunes the marks to the members in it.
 */
export function useFollowUpdates(pollMs?: number) {
  const { loggedIn, user } = useSession();
  const owner = user?.registrationNumber;
  const utils = trpc.useUtils();
  const query = trpc.follows.updates.useQuery(undefined, {
    enabled: loggedIn,
    staleTime: 5_000,
    placeholderData: () => {
      const cached = typeof localStorage === 'undefined' ? null : readUpdatesCache(owner);
      return (cached ? ({ data: cached } as UpdatesAnswer) : undefined) as never;
    },
    select: (answer) => answer.data as FollowUpdateItem[],
  });
  const marks = useViewedMarks();
  const fresh = query.isSuccess && !query.isPlaceholderData ? query.data : null;
  useEffect(() => {
    if (!fresh) return;
    writeUpdatesCache(owner, fresh);
    writeViewedMarks(pruneMarks(readViewedMarks(), fresh));
  }, [fresh, owner]);
  useEffect(() => {
    if (!loggedIn || !pollMs) return;
    return joinPolling('follow-updates', pollMs, () => void utils.follows.updates.invalidate());
  }, [loggedIn, pollMs, utils]);
  const list = query.data ?? [];
  return { query, list, marks, unviewed: countUnviewed(list, marks) };
}
