/**
 * Refreshing a count while the page is visible (docs/spec/publishing-and-browsing.md §4): a timer that skips its tick when
 * the page is hidden (document.visibilityState), a refresh when the window regains focus or the page
 * becomes visible again. Several components asking for the same key and interval share one timer,
 * so the side navigation and the tab bar (both mounted, one hidden by CSS) do not poll twice.
 */
type Entry = { users: number; run: () => void; stop: () => void };
const running = new Map<string, Entry>();

function start(run: () => void, intervalMs: number): () => void {
  let entryRun = run;
  const visible = () => document.visibilityState === 'visible';
  const timer = setInterval(() => {
    if (visible()) entryRun();
  }, intervalMs);
  const onFocus = () => entryRun();
  const onVisibility = () => {
    if (visible()) entryRun();
  };
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    entryRun = () => {};
    clearInterval(timer);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Starts (or joins) the poller `key`; returns the function that leaves it. */
export function joinPolling(key: string, intervalMs: number, run: () => void): () => void {
  const id = `${key}@${intervalMs}`;
  let entry = running.get(id);
  if (!entry) {
    entry = { users: 0, run, stop: start(() => running.get(id)?.run(), intervalMs) };
    running.set(id, entry);
  }
  entry.users += 1;
  entry.run = run;
  return () => {
    const current = running.get(id);
    if (!current) return;
    current.users -= 1;
    if (current.users <= 0) {
      current.stop();
      running.delete(id);
    }
  };
}
