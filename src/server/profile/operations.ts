/** Profile operations (docs/spec/accounts-and-people.md §7): the avatar and the bio. `trpc/routers/auth.ts` names them. */
import { ZUpdateProfileRequest } from '../../shared/account-schemas.ts';
import { ZUserAnswer } from '../../shared/outputs/accounts.ts';
import { answer, write } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import { toAuthUser } from '../accounts/users.ts';
import { PROFILE_MSG, updateProfile } from './service.ts';

export const profileOps = {
  updateProfile: write({
    rest: {
      method: 'put',
      path: '/auth/profile',
      tag: REST_TAG.account,
      summary: '修改资料：头像（5 个预设之一）和/或简介 bio（最多 200 字，纯文本，空字符串清除；与其他文字一样经过敏感词审核）。昵称由系统生成，不能修改',
      responses: { 403: '简介含敏感词（moderationResult）或需要人工审核的词语' },
    },
    limit: 'profile',
    access: 'member',
    input: ZUpdateProfileRequest,
    output: { data: ZUserAnswer },
    run: async ({ deps, user }, input) => {
      const updated = await updateProfile(deps, user, input);
      return answer({ user: toAuthUser(updated) }, { message: input.bio === undefined ? PROFILE_MSG.avatarUpdated : PROFILE_MSG.updated });
    },
  }),
};
