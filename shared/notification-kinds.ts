/**
 * What a person can choose to be notified about, and where (the user's `notifications`
 * list, docs/product/README.md). The list holds the ids of enabled channels and enabled kinds.
 *
 * The column's default (`['email', 'in_app']`) predates kinds: a list that names no kind
 * at all means "the default kinds". Someone who turns every kind off gets the explicit
 * NO_KINDS marker, so that choice is kept rather than read as "not chosen yet".
 * Everything that sends a notification asks `wantsNotification`.
 */
export const NOTIFICATION_CHANNELS = [
  { id: 'in_app', label: 'In the app', description: 'The bell in Teamlens.' },
  { id: 'email', label: 'Email', description: 'To your work address.' },
  { id: 'slack', label: 'Slack', description: 'A mention in your organization’s Slack channel, when an admin connected Slack.' },
] as const;

export const NOTIFICATION_KINDS = [
  { id: 'review_requests', label: 'Review requests', description: 'Someone asks you to review them or a colleague.', byDefault: true },
  { id: 'review_reminders', label: 'Reminders', description: 'A review, feedback request or action item is due soon or overdue.', byDefault: true },
  {
    id: 'nominate_peers',
    label: 'Choosing peers',
    description: 'A review cycle asks you to nominate the colleagues who review you, with the date to do it by.',
    byDefault: true,
  },
  {
    id: 'peer_nominations',
    label: 'Peer nominations',
    description: 'You are nominated as a peer reviewer, or a nomination needs your approval.',
    byDefault: true,
  },
  { id: 'review_declines', label: 'Declined requests', description: 'A reviewer declines your request, with their reason.', byDefault: true },
  { id: 'results_released', label: 'Released results', description: 'Results of a review about you are released.', byDefault: true },
  { id: 'feedback_received', label: 'Feedback', description: 'You receive feedback or praise, or a feedback request.', byDefault: true },
  { id: 'feedback_nudges', label: 'Feedback nudges', description: 'One of your reports has received no feedback in 60 days.', byDefault: true },
  { id: 'one_on_ones', label: '1:1 notes', description: 'A colleague shares a 1:1 note with you or adds a talking point to it.', byDefault: true },
  { id: 'mentions', label: 'Mentions', description: 'Someone mentions you in a note, goal or retro.', byDefault: true },
  { id: 'retro_started', label: 'Retros', description: 'A retrospective of your team starts.', byDefault: true },
  {
    id: 'retros',
    label: 'Retro outcomes',
    description: 'A retro you took part in ends (its summary), or an action item of a retro is assigned to you.',
    byDefault: true,
  },
  {
    id: 'goal_updates',
    label: 'Goal updates',
    description: 'A goal aligned to yours changes status, or a goal you own gets a check-in from someone else.',
    byDefault: true,
  },
  { id: 'goal_reminders', label: 'Goal reminders', description: 'Time to check in on your goals, or one of your goals is due soon.', byDefault: true },
  { id: 'assessments', label: 'Assessments', description: 'Your manager submits an assessment of you, or you are placed on a new level.', byDefault: true },
  { id: 'weekly_digest', label: 'Weekly digest', description: 'A Monday summary of what is pending for you.', byDefault: false },
  {
    id: 'account_security',
    label: 'Account security',
    description: 'An admin viewed a password reset or invitation link mailed to you (possible when no mail server is set up).',
    byDefault: true,
  },
] as const;

export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]['id'];
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]['id'];

/** Stored when every kind is off (see above). */
export const NO_KINDS = 'kinds:none';

const KIND_IDS: ReadonlySet<string> = new Set(NOTIFICATION_KINDS.map((k) => k.id));
const CHANNEL_IDS: ReadonlySet<string> = new Set(NOTIFICATION_CHANNELS.map((c) => c.id));

export const DEFAULT_NOTIFICATION_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS.filter((k) => k.byDefault).map((k) => k.id);

export type NotificationChoices = { channels: NotificationChannel[]; kinds: NotificationKind[] };

/** The stored list as choices; unknown entries are ignored. */
export function readNotificationChoices(list: readonly string[]): NotificationChoices {
  const channels = NOTIFICATION_CHANNELS.map((c) => c.id).filter((id) => list.includes(id));
  const chosen = list.some((v) => KIND_IDS.has(v) || v === NO_KINDS);
  const kinds = chosen ? NOTIFICATION_KINDS.map((k) => k.id).filter((id) => list.includes(id)) : [...DEFAULT_NOTIFICATION_KINDS];
  return { channels, kinds };
}

/** Choices as the list to store (stable order, no duplicates, the NO_KINDS marker when needed). */
export function writeNotificationChoices(choices: { channels: readonly string[]; kinds: readonly string[] }): string[] {
  const channels = NOTIFICATION_CHANNELS.map((c) => c.id).filter((id) => choices.channels.includes(id));
  const kinds = NOTIFICATION_KINDS.map((k) => k.id).filter((id) => choices.kinds.includes(id));
  return [...channels, ...(kinds.length ? kinds : [NO_KINDS])];
}

/** Whether a person with this stored list gets a notification of `kind` through `channel`. */
export function wantsNotification(list: readonly string[], kind: NotificationKind, channel: NotificationChannel): boolean {
  if (!CHANNEL_IDS.has(channel)) return false;
  const choices = readNotificationChoices(list);
  return choices.channels.includes(channel) && choices.kinds.includes(kind);
}
