import { expect, it } from 'vitest';
import { FEATURE_AREAS, FEATURE_AREA_INFO, featureAreaOfPath } from '../shared/feature-areas.js';
import { E2E_ADMIN } from './server.js';
import { horizontalOverflow, seriousA11yViolations, signIn, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
const UNBUILT = FEATURE_AREAS.filter((a) => !FEATURE_AREA_INFO[a].built);
/** What the admin switches off: every unbuilt area, and insights (built, with pages a member can open). */
const SWITCHED_OFF = [...UNBUILT, 'INSIGHTS' as const];

/** Every href of the visible navigation. */
async function navHrefs(page: import('playwright-core').Page): Promise<string[]> {
  return page
    .getByRole('complementary')
    .getByRole('navigation')
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
}

it('neither navigation links to an unbuilt area; the Pages screen marks them all and switches every one off', async () => {
  const admin = await e2e.browser.newPage();
  await admin.setViewportSize({ width: 1440, height: 900 });
  await signIn(admin, e2e.server.url, E2E_ADMIN.email);
  for (const start of ['/home/dashboard', '/admin/dashboard']) {
    await admin.goto(`${e2e.server.url}${start}`);
    await admin.locator('h1').first().waitFor();
    const hrefs = await navHrefs(admin);
    expect(hrefs.length).toBeGreaterThan(5);
    for (const href of hrefs) {
      const area = featureAreaOfPath(href);
      expect(area === null || FEATURE_AREA_INFO[area].built, `${start}: ${href}`).toBe(true);
    }
  }

  await admin.goto(`${e2e.server.url}/admin/settings/pages`);
  await admin.getByRole('switch', { name: FEATURE_AREA_INFO.REVIEWS.label }).waitFor();
  expect(await admin.getByText('Not built yet', { exact: true }).count()).toBe(UNBUILT.length);
  expect(await seriousA11yViolations(admin)).toEqual([]);
  for (const area of SWITCHED_OFF) {
    const toggle = admin.getByRole('switch', { name: FEATURE_AREA_INFO[area].label, exact: true });
    expect(await toggle.isChecked(), area).toBe(true);
    await toggle.click();
    await admin.getByText(`${FEATURE_AREA_INFO[area].label} is now off for everyone in your organization.`).first().waitFor();
    expect(await toggle.isChecked(), area).toBe(false);
  }
  await admin.reload();
  for (const area of SWITCHED_OFF) expect(await admin.getByRole('switch', { name: FEATURE_AREA_INFO[area].label, exact: true }).isChecked(), area).toBe(false);
  // Built areas stay on.
  expect(await admin.getByRole('switch', { name: FEATURE_AREA_INFO.REVIEWS.label, exact: true }).isChecked()).toBe(true);
  await admin.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(admin), 'the Pages screen at 375px').toBeLessThanOrEqual(0);

  // A switched-off area says so at its address.
  const member = await e2e.browser.newPage();
  await signIn(member, e2e.server.url, 'brendan.eich@demo.teamlens.dev');
  for (const [path, area] of [
    ['/insights/individual', 'INSIGHTS'],
    ['/insights/team-insights', 'INSIGHTS'],
  ] as const) {
    await member.goto(`${e2e.server.url}${path}`);
    await member.getByRole('heading', { name: `${FEATURE_AREA_INFO[area].label} is switched off` }).waitFor();
  }
  await member.close();
  await admin.close();
});

it('the landing page promises only built areas (nothing is planned today)', async () => {
  const page = await e2e.browser.newPage();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${e2e.server.url}/`);
  await page.getByRole('heading', { name: 'Reviews, retros, feedback, goals, insights, and an AI assistant for engineering teams', level: 1 }).waitFor();
  // Sign-up is closed on this install (the default): the page does not offer it.
  expect(await page.locator('.hero').getByRole('link', { name: 'Create an organization' }).count()).toBe(0);
  const covers = page.getByRole('region', { name: 'What it covers' });
  expect(await covers.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
    '360 and sprint reviews',
    'Sprint retrospectives',
    'Continuous feedback',
    'Goals',
    'Team and individual insights',
    'AI assistant',
  ]);
  expect(await page.getByRole('region', { name: 'Planned, not in this version yet' }).count()).toBe(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await horizontalOverflow(page), '/ at 375px').toBeLessThanOrEqual(0);

  await page.goto(`${e2e.server.url}/thank-you`);
  await page.getByRole('heading', { name: 'Thank you' }).waitFor();
  expect(await page.getByText(/working days|within \d/).count()).toBe(0);
  await page.close();
});
