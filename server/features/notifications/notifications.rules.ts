import type { OperationRules } from '../../graphql/operation-rules.js';

/** Who may call each notifications operation (docs/decisions/0041). */
export const notificationsRules: OperationRules = {
  Query: { notifications: 'SELF', unreadNotificationCount: 'SELF', emailOutbox: 'ADMIN', slackWebhook: 'ADMIN' },
  Mutation: {
    // Only the caller's own notifications change, whatever ids are sent.
    markNotificationsRead: 'SUBJECT',
    setSlackWebhook: 'ADMIN',
    removeSlackWebhook: 'ADMIN',
    sendSlackTestMessage: 'ADMIN',
    sendTestNotification: 'ADMIN',
  },
  Subscription: { notificationAdded: 'SELF' },
};
