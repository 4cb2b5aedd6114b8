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
} from '../../../shared/account-schemas.ts';
import * as accounts from '../../services/accounts.ts';
import { requireUserByRef, toAuthUser, toPublicUser } from '../../services/users.ts';
import { memberProcedure, publicProcedure, router } from '../init.ts';

const M = accounts.ACCOUNT_MSG;

export const authRouter = router({
  sendSmsCode: publicProcedure.input(ZSendSmsCodeRequest).mutation(async ({ ctx, input }) => {
    const sent = await accounts.sendSmsCode(ctx.deps, input, { ip: ctx.ip, user: ctx.auth?.user });
    return { message: M.codeSent, ...sent };
  }),
  sendPhoneCode: publicProcedure.input(ZSendPhoneCodeRequest).mutation(async ({ ctx, input }) => {
    const sent = await accounts.sendSmsCode(ctx.deps, { phone: input.phone, purpose: 'reset' }, { ip: ctx.ip });
    return { message: M.codeSent, ...sent };
  }),
  verifySmsCode: publicProcedure.input(ZVerifySmsCodeRequest).mutation(async ({ ctx, input }) => {
    await accounts.verifySmsCode(ctx.deps, input, ctx.ip);
    return { message: M.codeVerified };
  }),
  register: publicProcedure.input(ZRegisterRequest).mutation(async ({ ctx, input }) => {
    const user = await accounts.register(ctx.deps, input, ctx.ip);
    return { message: M.registered, user: toAuthUser(user) };
  }),
  login: publicProcedure.input(ZLoginRequest).mutation(async ({ ctx, input }) => {
    const { token, user } = await accounts.login(ctx.deps, input, ctx.ip);
    return { message: M.loggedIn, token, user: toAuthUser(user) };
  }),
  me: memberProcedure.query(({ ctx }) => toAuthUser(ctx.user)),
  logout: memberProcedure.mutation(async ({ ctx }) => {
    await accounts.logout(ctx.deps, ctx.session);
    return { message: M.loggedOut };
  }),
  resetPassword: publicProcedure.input(ZResetPasswordRequest).mutation(async ({ ctx, input }) => {
    await accounts.resetPassword(ctx.deps, input, ctx.ip);
    return { message: M.passwordReset };
  }),
  changePassword: memberProcedure.input(ZChangePasswordRequest).mutation(async ({ ctx, input }) => {
    await accounts.changePassword(ctx.deps, { user: ctx.user, session: ctx.session }, input);
    return { message: M.passwordChanged };
  }),
  updatePhone: memberProcedure.input(ZUpdatePhoneRequest).mutation(async ({ ctx, input }) => {
    const user = await accounts.updatePhone(ctx.deps, { user: ctx.user, session: ctx.session }, input.phone);
    return { message: M.phoneChanged, user: toAuthUser(user) };
  }),
  updateProfile: memberProcedure.input(ZUpdateProfileRequest).mutation(async ({ ctx, input }) => {
    const user = await accounts.updateAvatar(ctx.deps, ctx.user, input.avatarUrl);
    return { message: M.profileUpdated, user: toAuthUser(user) };
  }),
  /** Returns the server's view of the user; it never renames anyone (DESIGN §10). */
  syncUserInfo: memberProcedure.input(ZSyncUserInfoRequest.optional()).mutation(({ ctx }) => toAuthUser(ctx.user)),
  publicUser: publicProcedure.input(z.object({ registrationNumber: ZRegistrationNumber })).query(async ({ ctx, input }) => {
    return toPublicUser(await requireUserByRef(ctx.deps.db, input.registrationNumber));
  }),
});

export const usersRouter = router({
  stats: memberProcedure.input(z.object({ id: z.string().min(1) })).query(({ ctx, input }) => accounts.userStats(ctx.deps, ctx.user, input.id)),
  deactivationStats: memberProcedure.query(({ ctx }) => accounts.deactivationStats(ctx.deps, ctx.user)),
  deactivate: memberProcedure.input(ZDeactivateRequest).mutation(async ({ ctx, input }) => {
    await accounts.deactivate(ctx.deps, ctx.user, input);
    return { message: M.deactivated };
  }),
});
