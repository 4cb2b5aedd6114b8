/**
 * Account operations (docs/spec/accounts-and-people.md §7, docs/architecture.md §10): who may call each, its input, and its
 * answer with the success message. `trpc/routers/auth.ts` and `rest/auth.ts` only name them.
 */
import { z } from 'zod';
import {
  ZChangePasswordRequest,
  ZDeactivateRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZRegistrationNumber,
  ZResetPasswordRequest,
  ZSendPhoneCodeRequest,
  ZSendSmsCodeRequest,
  ZSyncUserInfoRequest,
  ZUpdatePhoneRequest,
  ZUpdateProfileRequest,
  ZVerifySmsCodeRequest,
  type PublicUserWithCounts,
} from '../../shared/account-schemas.ts';
import { ZUserRef } from '../../shared/ids.ts';
import { answer, read, write } from '../request/operation.ts';
import * as accounts from './service.ts';
import { siteIdentity, testConnection } from '../infrastructure/site.ts';
import { requireUserByRef, toAuthUser, toPublicUser } from './users.ts';
import { countPublicAccountData } from './account-data.ts';
import { ZCodeSent, ZDeactivationStats, ZLoginAnswer, ZPublicUserAnswer, ZUserAnswer, ZUserStats } from '../../shared/outputs/accounts.ts';
import { ZNoData } from '../../shared/outputs/common.ts';
import { ZConnection } from '../../shared/outputs/system.ts';

const M = accounts.ACCOUNT_MSG;
const NONE = z.object({}).optional();

/** debugCode sits at the top level and in data where the codes reach no one: the console provider outside production (docs/architecture.md §10, sms.ts `showsCodes`). */
function codeAnswer(sent: { debugCode?: string }) {
  const debug: { debugCode?: string } = sent.debugCode ? { debugCode: sent.debugCode } : {};
  return answer(debug, { message: M.codeSent });
}
/** On REST `debugCode` also sits beside `data` (docs/architecture.md §10). */
const CODE_OUTPUT = { data: ZCodeSent, restBeside: ['debugCode'] } as const;

export const accountOps = {
  sendSmsCode: write({
    changes: [],
    access: 'public',
    input: ZSendSmsCodeRequest,
    output: CODE_OUTPUT,
    run: async ({ deps, ip, auth }, input) => codeAnswer(await accounts.sendSmsCode(deps, input, { ip, auth })),
  }),
  sendPhoneCode: write({
    changes: [],
    access: 'public',
    input: ZSendPhoneCodeRequest,
    output: CODE_OUTPUT,
    run: async ({ deps, ip }, input) => codeAnswer(await accounts.sendSmsCode(deps, { phone: input.phone, purpose: 'reset' }, { ip })),
  }),
  verifySmsCode: write({
    changes: [],
    access: 'public',
    input: ZVerifySmsCodeRequest,
    output: { data: ZNoData },
    run: async ({ deps, ip }, input) => {
      await accounts.verifySmsCode(deps, input, ip);
      return answer(null, { message: M.codeVerified });
    },
  }),
  register: write({
    changes: [],
    access: 'public',
    input: ZRegisterRequest,
    output: { data: ZUserAnswer, status: 201 },
    run: async ({ deps, ip }, input) => answer({ user: toAuthUser(await accounts.register(deps, input, ip)) }, { message: M.registered, status: 201 }),
  }),
  login: write({
    changes: [],
    access: 'public',
    input: ZLoginRequest,
    output: { data: ZLoginAnswer },
    run: async ({ deps, ip }, input) => {
      const { token, user } = await accounts.login(deps, input, ip);
      return answer({ token, user: toAuthUser(user) }, { message: M.loggedIn });
    },
  }),
  me: read({
    hot: 'session',
    access: 'member',
    input: NONE,
    output: { data: ZUserAnswer },
    run: async ({ user }) => answer({ user: toAuthUser(user) }),
  }),
  logout: write({
    changes: [],
    access: 'member',
    input: NONE,
    output: { data: ZNoData },
    run: async ({ deps, session }) => {
      await accounts.logout(deps, session);
      return answer(null, { message: M.loggedOut });
    },
  }),
  resetPassword: write({
    changes: [],
    access: 'public',
    input: ZResetPasswordRequest,
    output: { data: ZNoData },
    run: async ({ deps, ip }, input) => {
      await accounts.resetPassword(deps, input, ip);
      return answer(null, { message: M.passwordReset });
    },
  }),
  changePassword: write({
    changes: [],
    limit: 'passwords',
    access: 'member',
    input: ZChangePasswordRequest,
    output: { data: ZNoData },
    run: async ({ deps, auth }, input) => {
      await accounts.changePassword(deps, auth, input);
      return answer(null, { message: M.passwordChanged });
    },
  }),
  updatePhone: write({
    changes: [],
    limit: 'passwords',
    access: 'member',
    input: ZUpdatePhoneRequest,
    output: { data: ZUserAnswer },
    run: async ({ deps, auth }, input) => answer({ user: toAuthUser(await accounts.updatePhone(deps, auth, input)) }, { message: M.phoneChanged }),
  }),
  updateProfile: write({
    limit: 'profile',
    access: 'member',
    input: ZUpdateProfileRequest,
    output: { data: ZUserAnswer },
    run: async ({ deps, user }, input) => answer({ user: toAuthUser(await accounts.updateAvatar(deps, user, input.avatarUrl)) }, { message: M.profileUpdated }),
  }),
  /** Returns the server's view of the user; it never renames anyone (docs/architecture.md §10). */
  syncUserInfo: write({
    changes: [],
    access: 'member',
    input: ZSyncUserInfoRequest.optional(),
    output: { data: ZUserAnswer },
    run: async ({ user }) => answer({ user: toAuthUser(user) }),
  }),
  publicUser: read({
    access: 'public',
    // A hunter's public profile, the same for everyone: its name and avatar change with a profile
    // change (every kind), its idea count with the ideas; follower and view counts may be CACHE_TTL_MS late.
    cache: { shows: ['ideas'], members: 'same' },
    input: z.object({ registrationNumber: ZRegistrationNumber }),
    output: { data: ZPublicUserAnswer },
    run: async ({ deps }, input) => {
      const row = await requireUserByRef(deps.db, input.registrationNumber);
      const counts = { ideaCount: 0, viewCount: 0, ...(await countPublicAccountData(deps.accountData, deps.db, row.id)) };
      const user: PublicUserWithCounts = { ...toPublicUser(row), followerCount: row.follower_count, ...counts };
      return answer({ user });
    },
  }),
  stats: read({
    access: 'member',
    input: z.object({ id: ZUserRef }),
    output: { data: ZUserStats },
    run: async ({ deps, user }, input) => answer(await accounts.userStats(deps, user, input.id)),
  }),
  deactivationStats: read({
    access: 'member',
    input: NONE,
    output: { data: ZDeactivationStats },
    run: async ({ deps, user }) => answer(await accounts.deactivationStats(deps, user)),
  }),
  deactivate: write({
    limit: 'passwords',
    access: 'member',
    input: ZDeactivateRequest,
    output: { data: ZNoData },
    run: async ({ deps, auth }, input) => {
      await accounts.deactivate(deps, auth, input);
      return answer(null, { message: M.deactivated });
    },
  }),
};

export const siteOps = {
  identity: read({ access: 'public', input: NONE, run: async ({ deps }) => answer(siteIdentity(deps)) }),
  testConnection: read({
    access: 'public',
    input: NONE,
    output: { data: ZConnection, unavailableWithData: true },
    run: async ({ deps }) => {
      const result = await testConnection(deps);
      return answer(result, { message: result.message, status: result.ok ? 200 : 503 });
    },
  }),
};
