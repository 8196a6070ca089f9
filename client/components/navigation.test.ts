import { expect, it } from 'vitest';
import { FEATURE_AREA_INFO, featureAreaOfPath, type FeatureArea, type FeatureAreaList } from '../../shared/feature-areas.js';
import { publicPromises } from '../features/public-forms/public-promises.js';
import { ADMIN_NAV, USER_NAV, visibleNav } from './navigation.js';

const labels = (level: string, disabled: FeatureArea[] = []) => visibleNav(USER_NAV, new Set(disabled), level).flatMap((s) => s.links.map((l) => l.label));

it('members do not see manager-only links; managers and admins do', () => {
  const member = labels('MEMBER');
  expect(member).toContain('Pending reviews');
  expect(member).not.toContain('Review templates');
  expect(member).not.toContain('Review automation');
  expect(member).not.toContain('Review progress');
  for (const level of ['MANAGER', 'ADMIN']) expect(labels(level)).toEqual(expect.arrayContaining(['Review templates', 'Review automation', 'Review progress']));
});

it('switched-off areas leave the navigation, and an emptied section goes with them', () => {
  const sections = visibleNav(USER_NAV, new Set<FeatureArea>(['REVIEWS']), 'ADMIN');
  expect(sections.map((s) => s.title)).not.toContain('Reviews');
  expect(labels('ADMIN')).toContain('360 reviews');
});

const allLinks = (sections: readonly { links: readonly { to: string }[] }[]) => sections.flatMap((s) => s.links.map((l) => l.to));

it('no link in either navigation leads to an area this version has not built', () => {
  for (const nav of [USER_NAV, ADMIN_NAV]) {
    for (const to of allLinks(visibleNav(nav, new Set(), 'ADMIN'))) {
      const area = featureAreaOfPath(to);
      expect(area === null || FEATURE_AREA_INFO[area].built, `${to} (${area})`).toBe(true);
    }
  }
  const user = labels('ADMIN');
  expect(user).toEqual(
    expect.arrayContaining([
      'Sprint retros',
      'Feedback',
      'My notes',
      'My goals',
      'Team goals',
      'Assessment',
      'Development plan',
      'Competency framework',
      'Development progress',
      'Individual insights',
      'Team insights',
    ]),
  );
  const admin = visibleNav(ADMIN_NAV, new Set(), 'ADMIN').flatMap((s) => s.links.map((l) => l.label));
  expect(admin).toEqual(expect.arrayContaining(['Users', 'Integrations', 'Pages', 'Billing', 'Code process', 'Team insights', 'AI assistant']));
});

it('flipping an area’s built flag is the only change needed: the navigation and the public pages follow', () => {
  // The AI assistant is built (docs/decisions/0066); a copy of the list where it is not shows what unbuilding it does.
  const assistantUnbuilt: FeatureAreaList = { ...FEATURE_AREA_INFO, AI_ASSISTANT: { ...FEATURE_AREA_INFO.AI_ASSISTANT, built: false } };
  const adminLabels = (areas?: FeatureAreaList, off = new Set<FeatureArea>()) =>
    visibleNav(ADMIN_NAV, off, 'ADMIN', areas).flatMap((s) => s.links.map((l) => l.label));
  expect(adminLabels()).toContain('AI assistant');
  expect(adminLabels(assistantUnbuilt)).not.toContain('AI assistant');
  // Switchable off like any area.
  expect(adminLabels(undefined, new Set<FeatureArea>(['AI_ASSISTANT']))).not.toContain('AI assistant');

  const today = publicPromises();
  expect(today.available.map((p) => p.title)).toEqual(expect.arrayContaining(['Team and individual insights', 'AI assistant']));
  expect(today.planned).toEqual([]);
  const unbuilt = publicPromises(assistantUnbuilt);
  expect(unbuilt.available.map((p) => p.title)).not.toContain('AI assistant');
  expect(unbuilt.planned.map((p) => p.title)).toEqual(['AI assistant']);
  expect(today.headline).toBe('Reviews, retros, feedback, goals, insights, and an AI assistant for engineering teams');
  expect(unbuilt.headline).toBe('Reviews, retros, feedback, goals, and insights for engineering teams');
});

it('a path belongs to the area with the longest matching prefix', () => {
  expect(featureAreaOfPath('/professional-development')).toBe('DEVELOPMENT_PLAN');
  expect(featureAreaOfPath('/professional-development/team-progress')).toBe('TEAM_PROGRESS');
  expect(featureAreaOfPath('/professional-development/sprint-retro/review/1')).toBe('SPRINT_RETROS');
  expect(featureAreaOfPath('/admin/integrations')).toBe('INTEGRATIONS');
  expect(featureAreaOfPath('/admin/integrations/code-process')).toBe('CODE_HOST');
  expect(featureAreaOfPath('/profile/assesment')).toBe('ASSESSMENT');
  expect(featureAreaOfPath('/reviews-archive')).toBeNull();
});

it('the guide ends with what Teamlens does today and what is only planned', () => {
  expect(publicPromises().guideClosing).toBe(
    'Teamlens supports this today with 360 and sprint reviews, sprint retrospectives, continuous feedback, goals, team and individual insights, and AI assistant, all on your own server.',
  );
  const assistantUnbuilt: FeatureAreaList = { ...FEATURE_AREA_INFO, AI_ASSISTANT: { ...FEATURE_AREA_INFO.AI_ASSISTANT, built: false } };
  expect(publicPromises(assistantUnbuilt).guideClosing).toBe(
    'Teamlens supports this today with 360 and sprint reviews, sprint retrospectives, continuous feedback, goals, and team and individual insights, all on your own server. Planned for a later version, and not available yet: AI assistant.',
  );
});
