// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { meAs, stubGraphql } from '../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../test/render-route.js';

cleanUpBetweenTests();

/** A window `width` px wide, as far as media queries go. */
function windowOf(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return { matches: width >= min, media: query, addEventListener: () => undefined, removeEventListener: () => undefined };
  });
}

it('on a phone the shell has the top bar with its menu button, and no sidebar', async () => {
  windowOf(412);
  stubGraphql({}, { me: meAs('MEMBER') });
  await renderSignedIn('/home/dashboard');
  await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
  expect(screen.getByRole('button', { name: 'Open the menu' })).toBeTruthy();
  expect(screen.queryByRole('complementary')).toBeNull();
  expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
});

it('from 992 px the shell has the sidebar with the navigation, and no top bar', async () => {
  windowOf(1440);
  stubGraphql({}, { me: meAs('MEMBER') });
  await renderSignedIn('/home/dashboard');
  await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
  expect(screen.getByRole('complementary').querySelector('nav[aria-label="Main navigation"] a[href="/goals/my-goals"]')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Open the menu' })).toBeNull();
});
