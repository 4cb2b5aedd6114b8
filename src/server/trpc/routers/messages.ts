import { feedbackOps } from '../../feedback/operations.ts';
import { messageOps } from '../../messages/operations.ts';
import { notificationSettingsOps } from '../../notification-settings/operations.ts';
import { mutation, query, router } from '../init.ts';

export const messagesRouter = router({
  list: query(messageOps.list),
  unreadCount: query(messageOps.unreadCount),
  markRead: mutation(messageOps.markRead),
  markShownRead: mutation(messageOps.markShownRead),
  markAllRead: mutation(messageOps.markAllRead),
  remove: mutation(messageOps.remove),
  announce: mutation(messageOps.announce),
});

export const notificationSettingsRouter = router({
  get: query(notificationSettingsOps.get),
  update: mutation(notificationSettingsOps.update),
});

export const feedbackRouter = router({
  submit: mutation(feedbackOps.submit),
  inbox: query(feedbackOps.inbox),
  reply: mutation(feedbackOps.reply),
});
