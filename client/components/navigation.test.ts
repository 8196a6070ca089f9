import { expect, it } from 'vitest';
import type { FeatureArea } from '../../shared/feature-areas.js';
import { USER_NAV, visibleNav } from './navigation.js';

const labels = (level: string, disabled: FeatureArea[] = []) =>
  visibleNav(USER_NAV, new Set(disabled), level).flatMap((s) => s.links.map((l) => l.label));

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
