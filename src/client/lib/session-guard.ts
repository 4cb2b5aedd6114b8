/**
 * The one rule for a session the server no longer accepts, used by every request the client makes
 * (tRPC's fetch in trpc.ts, the uploads in upload.ts):
 * - a response carrying `x-session-expired: 1` (the server's answer to a bearer token that is no longer
 *   valid, even on a public call that succeeds) clears the session: the account chip becomes the
 *   login link, and member pages send the visitor to /login through their guard;
 * - a 401 on a call made with a token clears the session and goes to /login (docs/architecture.md §10), which says
 *   the session ended and returns to the page after logging in; public pages simply show their
 *   logged-out state.
 * Only the session that made the request is cleared: a late answer for an old token never logs out
 * someone who has just logged in again.
 */
import { navigate } from 'wouter/use-browser-location';
import { requiresLogin } from './routes.ts';
import { clearSession, getToken } from './storage.ts';
import { noteSessionEnded, rememberThisPageForLogin } from './login-return.ts';

export const SESSION_EXPIRED_HEADER = 'x-session-expired';

export type SessionVerdict = 'keep' | 'clear' | 'clear-and-login';

/** What a response means for the session that sent it. Pure. */
export function sessionVerdict(r: { status: number; expiredHeader: string | null; sentToken: string | null; currentToken: string | null; path: string }): SessionVerdict {
  if (!r.sentToken || r.sentToken !== r.currentToken) return 'keep';
  const expired = r.expiredHeader === '1' || r.status === 401;
  if (!expired) return 'keep';
  return r.status === 401 && requiresLogin(r.path) ? 'clear-and-login' : 'clear';
}

/** The bearer token an outgoing request carries, or null. */
export function bearerTokenOf(headers: HeadersInit | undefined): string | null {
  const value = new Headers(headers).get('authorization');
  const match = value ? /^Bearer\s+(.+)$/i.exec(value) : null;
  return match ? match[1] : null;
}

/** Applies the rule to a response; call it for every API response. */
export function guardSession(res: Pick<Response, 'status' | 'headers'>, sentToken: string | null): void {
  if (!sentToken) return;
  const verdict = sessionVerdict({
    status: res.status,
    expiredHeader: res.headers.get(SESSION_EXPIRED_HEADER),
    sentToken,
    currentToken: getToken(),
    path: window.location.pathname,
  });
  if (verdict === 'keep') return;
  clearSession();
  if (verdict !== 'clear-and-login') return;
  // Back here after logging in again (the editor finds its unsaved copy), and the login page says why.
  rememberThisPageForLogin();
  noteSessionEnded();
  navigate('/login', { replace: true });
}
