import { accountOps as op } from '../../accounts/operations.ts';
import { profileOps } from '../../profile/operations.ts';
import { mutation, query, router } from '../init.ts';

export const authRouter = router({
  sendSmsCode: mutation(op.sendSmsCode),
  sendPhoneCode: mutation(op.sendPhoneCode),
  verifySmsCode: mutation(op.verifySmsCode),
  register: mutation(op.register),
  login: mutation(op.login),
  me: query(op.me),
  logout: mutation(op.logout),
  resetPassword: mutation(op.resetPassword),
  changePassword: mutation(op.changePassword),
  updatePhone: mutation(op.updatePhone),
  updateProfile: mutation(profileOps.updateProfile),
  syncUserInfo: mutation(op.syncUserInfo),
  publicUser: query(op.publicUser),
});

export const usersRouter = router({
  stats: query(op.stats),
  deactivationStats: query(op.deactivationStats),
  deactivate: mutation(op.deactivate),
});
