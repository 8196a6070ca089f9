/**
 * The one list of Teamlens's feature areas: what each is called, whether it is built in this
 * version, and the paths it covers. Everything that tells people what exists derives from it: the
 * navigation (client/components/navigation.ts) never links an unbuilt area, the public pages
 * (landing, guide) promise only built areas and list the rest as planned, and the admin Pages
 * screen (/admin/settings/pages) marks unbuilt areas and lets an admin switch any area off.
 * When an area gets built, its `built` flag is the one line that changes.
 *
 * A path belongs to the area with the longest matching prefix: equal to it, or continuing it
 * with "/".
 */
export const FEATURE_AREAS = [
  'REVIEWS',
  'SPRINT_RETROS',
  'CONTINUOUS_FEEDBACK',
  'GOALS',
  'NOTES',
  'INSIGHTS',
  'ASSESSMENT',
  'DEVELOPMENT_PLAN',
  'TEAM_PROGRESS',
  'INTEGRATIONS',
  'CODE_HOST',
  'AI_ASSISTANT',
  'BILLING',
] as const;
export type FeatureArea = (typeof FEATURE_AREAS)[number];

export type FeatureAreaInfo = {
  label: string;
  description: string;
  /** Whether this version of Teamlens has the area's screens; unbuilt areas are never linked. */
  built: boolean;
  paths: readonly string[];
  /** What the public pages say about the area (the landing page, the guide); none: not advertised. */
  pitch?: { title: string; text: string; short: string };
};

export const FEATURE_AREA_INFO: Record<FeatureArea, FeatureAreaInfo> = {
  REVIEWS: {
    label: '360 and sprint reviews',
    description: 'Review cycles, pending reviews, templates and automation.',
    built: true,
    paths: ['/reviews'],
    pitch: {
      title: '360 and sprint reviews',
      text: 'Review cycles with self, manager, peer and report perspectives, anonymous where it should be, with reminders and automation.',
      short: 'reviews',
    },
  },
  SPRINT_RETROS: {
    label: 'Sprint retrospectives',
    description: 'Retros, their progress, templates and automation.',
    built: true,
    paths: ['/professional-development/sprint-retro'],
    pitch: { title: 'Sprint retrospectives', text: 'Live retros that carry action items from sprint to sprint.', short: 'retros' },
  },
  CONTINUOUS_FEEDBACK: {
    label: 'Continuous feedback',
    description: 'Giving and requesting feedback at any time.',
    built: true,
    paths: ['/continuous-feedback'],
    pitch: { title: 'Continuous feedback', text: 'Feedback when it matters, given or asked for at any time.', short: 'feedback' },
  },
  GOALS: {
    label: 'Goals',
    description: 'Own and team goals with key results.',
    built: true,
    paths: ['/goals'],
    pitch: { title: 'Goals', text: 'Personal goals that roll up into team goals.', short: 'goals' },
  },
  NOTES: { label: 'Notes', description: 'Private and 1:1 notes.', built: true, paths: ['/notes'] },
  INSIGHTS: {
    label: 'Insights',
    description: 'Individual and team insights, also in the admin area.',
    built: true,
    paths: ['/insights', '/admin/individual-insights', '/admin/team-insights'],
    pitch: {
      title: 'Team and individual insights',
      text: 'Trends from reviews, feedback, goals and, when connected, your code host and issue tracker.',
      short: 'insights',
    },
  },
  ASSESSMENT: {
    label: 'Self-assessment',
    description: 'Assessing yourself, and your manager assessing you, against the competency framework.',
    built: true,
    paths: ['/profile/assesment'],
  },
  DEVELOPMENT_PLAN: {
    label: 'Development plan',
    description: 'The competency framework and each person’s development plan.',
    built: true,
    paths: ['/professional-development'],
  },
  TEAM_PROGRESS: {
    label: 'Development team progress',
    description: 'Managers following their reports’ development plans.',
    built: true,
    paths: ['/professional-development/team-progress'],
  },
  INTEGRATIONS: {
    label: 'Integrations',
    description: 'GitHub, Bitbucket, Jira, Azure Boards and Slack: connections, syncs and people matching.',
    built: true,
    paths: ['/admin/integrations'],
  },
  CODE_HOST: {
    label: 'Code host and issue tracker',
    description: 'GitHub, Bitbucket, Jira and Azure Boards connections and the code process view.',
    built: true,
    paths: ['/admin/integrations/code-process'],
  },
  AI_ASSISTANT: {
    label: 'AI assistant',
    description: 'Answers with sources from your own data, offline by default.',
    built: true,
    paths: ['/admin/ai-assistant'],
    pitch: {
      title: 'AI assistant',
      text: 'Summaries and answers with citations over your own reviews, feedback, goals and retros, working offline.',
      short: 'an AI assistant',
    },
  },
  BILLING: { label: 'Billing', description: 'Plan, seats and invoices.', built: true, paths: ['/admin/settings/billing'] },
};

export type FeatureAreaList = Readonly<Record<FeatureArea, FeatureAreaInfo>>;

/** The area a path belongs to (longest matching prefix), or null when no area covers it. */
export function featureAreaOfPath(pathname: string, areas: FeatureAreaList = FEATURE_AREA_INFO): FeatureArea | null {
  let best: { area: FeatureArea; length: number } | null = null;
  for (const area of FEATURE_AREAS) {
    for (const prefix of areas[area].paths) {
      if ((pathname === prefix || pathname.startsWith(`${prefix}/`)) && prefix.length > (best?.length ?? -1)) best = { area, length: prefix.length };
    }
  }
  return best?.area ?? null;
}

/** Whether a path leads to a screen this version has (paths outside every area are built). */
export function isBuiltPath(pathname: string, areas: FeatureAreaList = FEATURE_AREA_INFO): boolean {
  const area = featureAreaOfPath(pathname, areas);
  return area === null || areas[area].built;
}

export type PublicPitch = NonNullable<FeatureAreaInfo['pitch']>;

/** What the public pages may promise: built areas as available, the others as planned. */
export function publicPitches(areas: FeatureAreaList = FEATURE_AREA_INFO): { available: PublicPitch[]; planned: PublicPitch[] } {
  const withPitch = FEATURE_AREAS.map((a) => areas[a]).filter((info): info is FeatureAreaInfo & { pitch: PublicPitch } => !!info.pitch);
  return { available: withPitch.filter((i) => i.built).map((i) => i.pitch), planned: withPitch.filter((i) => !i.built).map((i) => i.pitch) };
}

/** "a", "a and b", "a, b, and c" (the serial comma keeps "team and individual insights" whole). */
export function joinAnd(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`;
}
