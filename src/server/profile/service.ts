/**
 * A member's profile as others see it: the avatar (one of the presets) and the bio. The bio is text
 * a member writes, so it passes the same words check as a comment (moderation/words.ts): a blocked
 * word refuses it with the usual message, a replaced word is stored as `**`. A bio has no review
 * queue to wait in, so a word the list holds for a moderator refuses it too, saying why.
 */
import type { UserRow } from '../../../db/types.ts';
import type { Deps } from '../deps.ts';
import { forbidden } from '../kernel/errors.ts';
import { updateProfileFields, type ProfileChange } from '../accounts/service.ts';
import { screenTexts } from '../moderation/words.ts';

export const PROFILE_MSG = {
  avatarUpdated: '头像已更新',
  updated: '资料已更新',
  bioHeld: '简介中有需要人工审核的词语，请修改后再保存',
} as const;

export async function updateProfile(deps: Deps, user: UserRow, input: { avatarUrl?: string; bio?: string }): Promise<UserRow> {
  const change: ProfileChange = { avatarUrl: input.avatarUrl };
  if (input.bio !== undefined) {
    const screened = await screenTexts(deps.words, { bio: input.bio });
    if (screened.held.length) throw forbidden(PROFILE_MSG.bioHeld);
    change.bio = screened.texts.bio || null;
  }
  return updateProfileFields(deps, user, change);
}
