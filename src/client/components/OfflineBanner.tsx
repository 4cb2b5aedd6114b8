import { useOnline } from '../lib/online.ts';

const OFFLINE_TEXT = '网络已断开，恢复后将自动重试';

/**
 * One line on every page while the connection is gone: what failed meanwhile (a page's code, its
 * data, a search) is tried again by itself once it is back (lib/chunk-load.ts, lib/trpc.ts). The
 * status line is always in the page, so its text is read out when it appears.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <p className={online ? 'offline-banner offline-banner-idle' : 'offline-banner'} role="status" data-testid="offline-banner">
      {online ? '' : OFFLINE_TEXT}
    </p>
  );
}
