import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SlackWebhookInput } from '../../../shared/slack-webhook.schemas.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

/** The bell shows the newest ones; older ones stay on the server. */
export const INBOX_LIMIT = 20;
const FIELDS = 'id kind title body link created_at read_at';

export const NOTIFICATIONS = graphql(`
  query Notifications($limit: Int) {
    notifications(limit: $limit) { ${FIELDS} }
    unreadNotificationCount
  }
`);

export type AppNotification = ResultOf<typeof NOTIFICATIONS>['notifications'][number];
export type NotificationInbox = { items: AppNotification[]; unread: number };

export const notificationsQueryOptions = queryOptions({
  queryKey: ['notifications'],
  queryFn: async (): Promise<NotificationInbox> => {
    const data = await gql(NOTIFICATIONS, { limit: INBOX_LIMIT });
    return { items: data.notifications ?? [], unread: data.unreadNotificationCount ?? 0 };
  },
});

export const NOTIFICATION_ADDED = graphql(`
  subscription NotificationAdded {
    notificationAdded { ${FIELDS} }
  }
`);

/** A notification that arrived live goes on top of the list and counts as unread (once, even if it arrives twice). */
export function addToInbox(queryClient: QueryClient, added: AppNotification): void {
  queryClient.setQueryData<NotificationInbox>(notificationsQueryOptions.queryKey, (inbox) => {
    if (!inbox) return inbox;
    if (inbox.items.some((n) => n.id === added.id)) return inbox;
    return { items: [added, ...inbox.items].slice(0, INBOX_LIMIT), unread: inbox.unread + (added.read_at ? 0 : 1) };
  });
}

export const MARK_READ = graphql(`
  mutation MarkNotificationsRead($ids: [ID!]) {
    markNotificationsRead(ids: $ids)
  }
`);

/** Marks these notifications read, or all of them when `ids` is null. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | null) => gql(MARK_READ, { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey }),
  });
}

const SLACK_FIELDS = 'webhook_hint channel_label created_at last_success_at last_error last_error_at';

export const SLACK_WEBHOOK = graphql(`
  query SlackWebhook {
    slackWebhook { ${SLACK_FIELDS} }
  }
`);

export type SlackWebhook = NonNullable<ResultOf<typeof SLACK_WEBHOOK>['slackWebhook']>;

export const slackWebhookQueryOptions = queryOptions({
  queryKey: ['slackWebhook'],
  queryFn: async () => (await gql(SLACK_WEBHOOK)).slackWebhook ?? null,
});

export const SET_SLACK_WEBHOOK = graphql(`
  mutation SetSlackWebhook($url: String!, $channel_label: String) {
    setSlackWebhook(url: $url, channel_label: $channel_label) { ${SLACK_FIELDS} }
  }
`);

export const REMOVE_SLACK_WEBHOOK = graphql(`
  mutation RemoveSlackWebhook {
    removeSlackWebhook
  }
`);

/** Slack changes also change `organization.slack_integration`. */
function useSlackChange<I, R>(run: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: slackWebhookQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: ['organization'] }),
      ]);
    },
  });
}

export function useSetSlackWebhook() {
  return useSlackChange(async (input: SlackWebhookInput) => (await gql(SET_SLACK_WEBHOOK, input)).setSlackWebhook);
}

export function useRemoveSlackWebhook() {
  return useSlackChange(async () => (await gql(REMOVE_SLACK_WEBHOOK)).removeSlackWebhook);
}

export const SEND_SLACK_TEST = graphql(`
  mutation SendSlackTestMessage {
    sendSlackTestMessage { delivered message }
  }
`);

export function useSendSlackTestMessage() {
  return useSlackChange(async () => (await gql(SEND_SLACK_TEST)).sendSlackTestMessage);
}

export const SEND_TEST_NOTIFICATION = graphql(`
  mutation SendTestNotification {
    sendTestNotification { in_app email slack_delivered }
  }
`);
export type TestNotificationResult = ResultOf<typeof SEND_TEST_NOTIFICATION>['sendTestNotification'];

export function useSendTestNotification() {
  return useSlackChange(async () => (await gql(SEND_TEST_NOTIFICATION)).sendTestNotification);
}
