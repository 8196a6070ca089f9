// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { FEATURE_AREAS, FEATURE_AREA_INFO, type FeatureArea } from '../../../shared/feature-areas.js';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderRoute, signIn } from '../../test/render-route.js';

const settings = (off: FeatureArea[]) =>
  FEATURE_AREAS.map((area) => ({
    area,
    label: FEATURE_AREA_INFO[area].label,
    built: FEATURE_AREA_INFO[area].built,
    enabled: !off.includes(area),
    updated_at: null,
  }));

cleanUpBetweenTests();

it('a member does not see switched-off areas in the navigation, and their pages say the admin switched them off', async () => {
  stubGraphql(
    {
      FeatureAreas: () => ({ data: { featureAreas: settings(['GOALS', 'REVIEWS']) } }),
      WidgetPreferences: () => ({ data: { userWidgetPreferences: { user_id: 'user-1', enabled_widgets: ['PENDING_REVIEWS', 'MY_GOALS', 'TEAM_INSIGHTS'] } } }),
      InsightsTeams: () => ({ data: { insightsTeams: [] } }),
    },
    { me: meAs('MEMBER') },
  );
  await signIn();
  const { router } = renderRoute('/home/dashboard');
  await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
  // The dashboard leaves out the widgets of switched-off areas (the pending reviews one would ask a closed API).
  const widgets = await screen.findByRole('list', { name: 'Dashboard widgets' });
  await waitFor(() =>
    expect(
      within(widgets)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('h3')?.textContent),
    ).toEqual(['Team insights']),
  );
  const nav = screen.getAllByRole('navigation', { name: 'Main navigation' }).at(-1)!;
  expect(within(nav).queryByRole('link', { name: 'My goals' })).toBeNull();
  expect(within(nav).queryByRole('link', { name: '360 reviews' })).toBeNull();
  expect(within(nav).queryByText('Reviews')).toBeNull();
  expect(within(nav).getByRole('link', { name: 'My profile' })).toBeTruthy();
  // Insights are built and on: linked.
  expect(within(nav).getByRole('link', { name: 'Individual insights' })).toBeTruthy();
  // Notes are built and on: linked.
  expect(within(nav).getByRole('link', { name: 'My notes' })).toBeTruthy();

  await router.navigate({ to: '/goals/my-goals' });
  expect(await screen.findByRole('heading', { name: 'Goals is switched off' })).toBeTruthy();
  expect(screen.getByText(/switched off by your admin/)).toBeTruthy();
  expect(screen.getByText('Ask an admin of your organization if you need it.')).toBeTruthy();
});

it('an admin switches an area off on /admin/settings/pages and it leaves the navigation', async () => {
  let current = settings([]);
  const { calls } = stubGraphql(
    {
      FeatureAreas: () => ({ data: { featureAreas: current } }),
      SetFeatureAreas: (v) => {
        const changes = v.changes as Array<{ area: FeatureArea; enabled: boolean }>;
        current = current.map((s) => ({ ...s, enabled: changes.find((c) => c.area === s.area)?.enabled ?? s.enabled }));
        return { data: { setFeatureAreas: current } };
      },
    },
    { me: meAs('ADMIN') },
  );
  await signIn();
  renderRoute('/admin/settings/pages');
  const integrations = await screen.findByRole('switch', { name: 'Integrations' });
  expect((integrations as HTMLInputElement).checked).toBe(true);
  const nav = screen.getAllByRole('navigation', { name: 'Admin navigation' }).at(-1)!;
  expect(within(nav).getByRole('link', { name: 'Integrations' })).toBeTruthy();

  fireEvent.click(integrations);
  await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Integrations' })).toBeNull());
  expect(calls.find((c) => c.operationName === 'SetFeatureAreas')?.variables).toEqual({ changes: [{ area: 'INTEGRATIONS', enabled: false }] });
  expect((screen.getByRole('switch', { name: 'Integrations' }) as HTMLInputElement).checked).toBe(false);
  expect(await screen.findByText('Integrations is now off for everyone in your organization.')).toBeTruthy();
});

it('the Pages screen marks every unbuilt area "Not built yet", and built or not, each can be switched off', async () => {
  let current = settings([]);
  stubGraphql(
    {
      FeatureAreas: () => ({ data: { featureAreas: current } }),
      SetFeatureAreas: (v) => {
        const changes = v.changes as Array<{ area: FeatureArea; enabled: boolean }>;
        current = current.map((s) => ({ ...s, enabled: changes.find((c) => c.area === s.area)?.enabled ?? s.enabled }));
        return { data: { setFeatureAreas: current } };
      },
    },
    { me: meAs('ADMIN') },
  );
  await signIn();
  renderRoute('/admin/settings/pages');
  await screen.findByRole('switch', { name: 'Billing' });
  const unbuilt = FEATURE_AREAS.filter((a) => !FEATURE_AREA_INFO[a].built);
  expect(unbuilt).toEqual([]);
  for (const area of FEATURE_AREAS) {
    const toggle = screen.getByRole('switch', { name: FEATURE_AREA_INFO[area].label }) as HTMLInputElement;
    expect(toggle.getAttribute('aria-describedby')!.includes('unbuilt'), area).toBe(!FEATURE_AREA_INFO[area].built);
  }
  expect(screen.queryAllByText('Not built yet')).toHaveLength(unbuilt.length);
  for (const area of ['INSIGHTS', 'AI_ASSISTANT', 'BILLING'] as const) {
    fireEvent.click(screen.getByRole('switch', { name: FEATURE_AREA_INFO[area].label }));
    await waitFor(() => expect((screen.getByRole('switch', { name: FEATURE_AREA_INFO[area].label }) as HTMLInputElement).checked).toBe(false));
  }
  expect(current.filter((s) => !s.enabled).map((s) => s.area)).toEqual(['INSIGHTS', 'AI_ASSISTANT', 'BILLING']);
});
