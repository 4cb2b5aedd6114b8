/**
 * The welcome letter (src/shared/welcome-message.ts): written to a new member in the registration's
 * transaction, through the account-data parts (accounts/ knows no feature), so a registration that is
 * retried whole writes it once with the account, and one that fails writes none.
 */
import type { Db } from '../../../db/types.ts';
import { WELCOME_MESSAGE } from '../../shared/welcome-message.ts';
import type { AccountDataPart } from '../accounts/account-data.ts';
import { sendMessage } from './send.ts';

/** The letter to `userId`, dated `createdAt` (now by default; a demo account's own start). */
export async function sendWelcome(db: Db, userId: number, createdAt?: string): Promise<void> {
  await sendMessage(db, { userId, title: WELCOME_MESSAGE.title, content: WELCOME_MESSAGE.content, type: 'system', sender: 'system', createdAt });
}

export const welcomeAccountData: AccountDataPart = { onRegister: (trx, userId) => sendWelcome(trx, userId) };
