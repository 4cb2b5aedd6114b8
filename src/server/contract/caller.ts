/** Who is calling, as every operation sees it on either transport (found by http/identify.ts, or by the fast lane). */
import type { Deps } from '../deps.ts';
import type { Authenticated } from '../accounts/service.ts';

export interface Caller {
  deps: Deps;
  auth: Authenticated | null;
  /** A token was sent, valid or not (to tell "session expired" from "not logged in"). */
  tokenPresented: boolean;
  ip: string;
}
