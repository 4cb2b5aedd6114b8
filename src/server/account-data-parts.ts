/**
 * Every feature's part of an account (accounts/account-data.ts), listed once: createDeps hands this
 * list to every process, so deactivation, its hourly sweep and `npm run purge` reach all of them.
 * A feature that keeps data per account (or writes for a new one) adds its part here.
 */
import type { AccountDataPart } from './accounts/account-data.ts';
import { commentNoticesAccountData } from './comments/notices.ts';
import { commentsAccountData } from './comments/repository.ts';
import { ideasAccountData } from './ideas/visibility.ts';
import { favoritesAccountData } from './social/favorites.ts';
import { followsAccountData } from './social/follows.ts';
import { notificationSettingsAccountData } from './notification-settings/service.ts';
import { welcomeAccountData } from './messages/welcome.ts';

/** What messages keep per account: the member's notification switches, and the welcome letter written at registration. */
const MESSAGE_PARTS: readonly AccountDataPart[] = [notificationSettingsAccountData, welcomeAccountData];

export const ACCOUNT_DATA_PARTS: readonly AccountDataPart[] = [ideasAccountData, commentsAccountData, commentNoticesAccountData, favoritesAccountData, followsAccountData, ...MESSAGE_PARTS];
