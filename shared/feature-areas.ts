/**
 * Feature areas an admin can switch on or off for the organization (/admin/settings/pages),
 * and the paths each one covers. A path belongs to an area when it equals one of the
 * prefixes or continues it with "/".
 */
export const FEATURE_AREAS = [
  'REVIEWS', 'SPRINT_RETROS', 'CONTINUOUS_FEEDBACK', 'GOALS', 'NOTES',
  'INSIGHTS', 'INTEGRATIONS', 'AI_ASSISTANT', 'BILLING',
] as const;
export type FeatureArea = (typeof FEATURE_AREAS)[number];

export const FEATURE_AREA_INFO: Record<FeatureArea, { label: string; description: string; paths: readonly string[] }> = {
  REVIEWS: { label: '360 and sprint reviews', description: 'Review cycles, pending reviews, templates and automation.', paths: ['/reviews'] },
  SPRINT_RETROS: { label: 'Sprint retrospectives', description: 'Retros, their progress, templates and automation.', paths: ['/professional-development/sprint-retro'] },
  CONTINUOUS_FEEDBACK: { label: 'Continuous feedback', description: 'Giving and requesting feedback at any time.', paths: ['/continuous-feedback'] },
  GOALS: { label: 'Goals', description: 'Own and team goals with key results.', paths: ['/goals'] },
  NOTES: { label: 'Notes', description: 'Private and 1:1 notes.', paths: ['/notes'] },
  INSIGHTS: { label: 'Insights', description: 'Individual and team insights, also in the admin area.', paths: ['/insights', '/admin/individual-insights', '/admin/team-insights'] },
  INTEGRATIONS: { label: 'Integrations', description: 'Code host, issue tracker and team chat connections.', paths: ['/admin/integrations'] },
  AI_ASSISTANT: { label: 'AI assistant', description: 'Summaries and answers over your own data.', paths: ['/admin/ai-assistant'] },
  BILLING: { label: 'Billing', description: 'Plan, seats and invoices.', paths: ['/admin/settings/billing'] },
};

/** The area a path belongs to, or null when no admin switch covers it. */
export function featureAreaOfPath(pathname: string): FeatureArea | null {
  for (const area of FEATURE_AREAS) {
    for (const prefix of FEATURE_AREA_INFO[area].paths) {
      if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return area;
    }
  }
  return null;
}
