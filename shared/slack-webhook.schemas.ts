import { z } from 'zod';

/** Slack incoming webhooks start here; a server may allow another base (SLACK_WEBHOOK_BASE). */
export const SLACK_WEBHOOK_DEFAULT_BASE = 'https://hooks.slack.com/';

/**
 * What an admin enters to connect Slack. The server also checks the address against its
 * configured base (only hooks.slack.com by default), which the client cannot know.
 */
export const slackWebhookInputSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Paste the webhook URL from Slack.')
    .max(500, 'This URL is too long for a Slack webhook.')
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter the whole URL, starting with https://hooks.slack.com/.' })),
  channel_label: z
    .string()
    .trim()
    .max(80, 'At most 80 characters.')
    .optional()
    .transform((v) => v || null),
});

export type SlackWebhookInput = z.output<typeof slackWebhookInputSchema>;

/** Whether `url` lies under `base`: same origin, and the path continues the base's path. */
export function isUnderWebhookBase(url: string, base: string): boolean {
  let u: URL;
  let b: URL;
  try {
    u = new URL(url);
    b = new URL(base);
  } catch {
    return false;
  }
  if (u.origin !== b.origin || u.username || u.password) return false;
  const basePath = b.pathname.endsWith('/') ? b.pathname : `${b.pathname}/`;
  return u.pathname.startsWith(basePath) && u.pathname.length > basePath.length;
}
