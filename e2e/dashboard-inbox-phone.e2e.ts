/** The admin dashboard's guide requests on a phone: every request readable in full, nothing clipped, no page overflow. */
import { expect, it } from 'vitest';
import { E2E_ADMIN } from './server.js';
import { horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
const LONG_EMAIL = 'maximilian.alexander.featherstonehaugh@very-long-company-domain-name.example';

it('a guide request with a long address and company reads in full on the dashboard at 375 px', async () => {
  const visitor = await e2e.browser.newPage({ viewport: { width: 375, height: 800 } });
  await visitor.goto(`${e2e.server.url}/resources/get-the-guide`);
  await visitor.getByLabel('Your name').fill('Maximilian Featherstonehaugh');
  await visitor.getByLabel('Work email').fill(LONG_EMAIL);
  await visitor.getByLabel('Company').fill('International Consolidated Widgets and Sprockets Holdings');
  await visitor.getByLabel('Team size').selectOption('11-50');
  await visitor.getByRole('button', { name: 'Get the guide' }).click();
  await visitor.getByRole('heading', { name: 'Running effective 360 and sprint reviews in engineering teams' }).waitFor();
  await visitor.close();

  const { page, problems } = await openSignedIn(e2e, E2E_ADMIN.email, { welcome: 'Alex Admin', context: { viewport: { width: 375, height: 800 } } });
  await page.goto(`${e2e.server.url}/admin/dashboard`);
  const requests = page.getByRole('list', { name: 'Guide requests' });
  await requests.waitFor();
  const entry = requests.getByRole('listitem').filter({ hasText: 'Maximilian Featherstonehaugh' });
  expect(await entry.textContent()).toContain('International Consolidated Widgets and Sprockets Holdings');
  expect(await entry.getByRole('link', { name: LONG_EMAIL }).getAttribute('href')).toBe(`mailto:${LONG_EMAIL}`);
  expect(await entry.textContent()).toContain('Team size 11-50');
  // Every line of the request lies inside the screen: nothing is cut off or hidden in a scroll box.
  const outside = await entry.evaluate(
    (li) =>
      [...li.querySelectorAll('p, a, strong')].filter((el) => {
        const box = el.getBoundingClientRect();
        return box.left < 0 || box.right > document.documentElement.clientWidth;
      }).length,
  );
  expect(outside).toBe(0);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await page.context().close();
});
