import { FEATURE_AREA_INFO, featureAreaOfPath, isBuiltPath, type FeatureArea, type FeatureAreaList } from '../../shared/feature-areas.js';

/** The navigation of the two areas (docs/product/routes.md). Paths are the routes' own. */
/** `managers`: the link is for managers and admins only (templates, automation, team progress). */
export type NavLink = { to: string; label: string; managers?: true };
export type NavSection = { title: string; links: NavLink[] };

export const USER_NAV: NavSection[] = [
  { title: 'Home', links: [{ to: '/home/dashboard', label: 'Dashboard' }] },
  {
    title: 'Profile',
    links: [
      { to: '/profile/user-profile', label: 'My profile' },
      { to: '/profile/team', label: 'My team' },
      { to: '/profile/user-profile/organization-chart', label: 'Organization chart' },
      { to: '/profile/assesment', label: 'Assessment' },
    ],
  },
  {
    title: 'Reviews',
    links: [
      { to: '/reviews', label: '360 reviews' },
      { to: '/reviews/pending', label: 'Pending reviews' },
      { to: '/reviews/team-progress', label: 'Review progress', managers: true },
      { to: '/reviews/templates', label: 'Review templates', managers: true },
      { to: '/reviews/automation', label: 'Review automation', managers: true },
    ],
  },
  {
    title: 'Continuous feedback',
    links: [
      { to: '/continuous-feedback', label: 'Feedback' },
      { to: '/continuous-feedback/pending', label: 'Pending requests' },
      { to: '/continuous-feedback/team-progress', label: 'Feedback progress', managers: true },
      { to: '/continuous-feedback/templates', label: 'Feedback templates', managers: true },
      { to: '/continuous-feedback/automation', label: 'Feedback automation', managers: true },
    ],
  },
  {
    title: 'Goals and notes',
    links: [
      { to: '/goals/my-goals', label: 'My goals' },
      { to: '/goals/team-goals', label: 'Team goals' },
      { to: '/notes/my-notes', label: 'My notes' },
    ],
  },
  {
    title: 'Insights',
    links: [
      { to: '/insights/individual', label: 'Individual insights' },
      { to: '/insights/team-insights', label: 'Team insights' },
    ],
  },
  {
    title: 'Professional development',
    links: [
      { to: '/professional-development', label: 'Development plan' },
      { to: '/professional-development/framework', label: 'Competency framework' },
      { to: '/professional-development/sprint-retro/review', label: 'Sprint retros' },
      { to: '/professional-development/sprint-retro/team-progress', label: 'Retro progress' },
      { to: '/professional-development/team-progress', label: 'Development progress', managers: true },
      { to: '/professional-development/sprint-retro/templates', label: 'Retro templates', managers: true },
      { to: '/professional-development/sprint-retro/automation', label: 'Retro automation', managers: true },
    ],
  },
  {
    title: 'Settings',
    links: [
      { to: '/settings/personal', label: 'Personal' },
      { to: '/settings/security', label: 'Security' },
      { to: '/settings/privacy', label: 'Privacy' },
    ],
  },
];

export const ADMIN_NAV: NavSection[] = [
  { title: 'Admin', links: [{ to: '/admin/dashboard', label: 'Dashboard' }] },
  {
    title: 'People',
    links: [
      { to: '/admin/settings/users', label: 'Users' },
      { to: '/admin/settings/teams', label: 'Teams' },
      { to: '/admin/teams/my-teams', label: 'My teams' },
      { to: '/admin/teams/users', label: 'Team members' },
      { to: '/admin/profile', label: 'Profiles' },
      { to: '/admin/profile/team', label: 'Team profiles' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/admin/company', label: 'Company' },
      { to: '/admin/company/company-structure', label: 'Company structure' },
      { to: '/admin/company/structure', label: 'Structure chart' },
    ],
  },
  {
    title: 'Insights',
    links: [
      { to: '/admin/individual-insights', label: 'Individual insights' },
      { to: '/admin/team-insights', label: 'Team insights' },
    ],
  },
  {
    title: 'Tools',
    links: [
      { to: '/admin/integrations', label: 'Integrations' },
      { to: '/admin/integrations/code-process', label: 'Code process' },
      { to: '/admin/ai-assistant', label: 'AI assistant' },
    ],
  },
  {
    title: 'Settings',
    links: [
      { to: '/admin/settings', label: 'Overview' },
      { to: '/admin/settings/account', label: 'Account' },
      { to: '/admin/settings/configurations', label: 'Configurations' },
      { to: '/admin/settings/pages', label: 'Pages' },
      { to: '/admin/settings/billing', label: 'Billing' },
      { to: '/admin/settings/audit', label: 'Audit log' },
    ],
  },
];

/**
 * The navigation a person sees: never a link to an area this version has not built
 * (shared/feature-areas.ts), nor to a switched-off area, nor manager-only links for members;
 * sections left empty go too.
 */
export function visibleNav(
  sections: readonly NavSection[],
  disabled: ReadonlySet<FeatureArea>,
  permissionLevel: string,
  areas: FeatureAreaList = FEATURE_AREA_INFO,
): NavSection[] {
  const member = permissionLevel === 'MEMBER';
  return sections
    .map((section) => ({
      ...section,
      links: section.links.filter((link) => !(member && link.managers) && isBuiltPath(link.to, areas) && !isDisabledPath(link.to, disabled, areas)),
    }))
    .filter((section) => section.links.length > 0);
}

/** The switched-off area a path belongs to, or null. */
export function isDisabledPath(pathname: string, disabled: ReadonlySet<FeatureArea>, areas: FeatureAreaList = FEATURE_AREA_INFO): FeatureArea | null {
  const area = featureAreaOfPath(pathname, areas);
  return area && disabled.has(area) ? area : null;
}
