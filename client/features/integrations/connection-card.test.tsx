// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, testQueryClient } from '../../test/render-route.js';
import type { IntegrationConnection } from './api.js';
import { ProviderCard } from './connection-card.js';

cleanUpBetweenTests();

const azure = (patch: Partial<IntegrationConnection> = {}): IntegrationConnection => ({
  id: 'ado',
  provider: 'AZURE_BOARDS',
  base_url: 'https://dev.azure.com',
  account: 'acme',
  edition: null,
  auth_kind: 'TOKEN',
  secret_hint: 'p4T9',
  has_webhook_secret: true,
  webhook_url: 'https://teamlens.example/api/integrations/webhooks/ado',
  backfill_months: 6,
  status: 'CONNECTED',
  last_error: null,
  last_synced_at: null,
  is_sample: false,
  connected_by: { id: 'user-1', full_name: 'Ada Lovelace' },
  created_at: '2026-11-26T08:59:00.000Z',
  scopes: [],
  current_run: null,
  sync_runs: [],
  unmatched_accounts: 0,
  ...patch,
});

function renderCard(connection: IntegrationConnection) {
  stubGraphql({ Integration: () => ({ data: { integration: connection } }) }, { me: meAs('ADMIN') });
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <ProviderCard provider={connection.provider} connection={connection} teams={[]} />
    </QueryClientProvider>,
  );
}

it('Azure Boards: the card tells how to create the service hook, with the URL and the webhook secret as Basic password', () => {
  renderCard(azure());
  const setup = screen.getByRole('region', { name: /Webhook URL/ });
  expect(within(setup).getByText('https://teamlens.example/api/integrations/webhooks/ado')).toBeTruthy();
  expect(within(setup).getByRole('button', { name: 'Copy webhook url' })).toBeTruthy();
  expect(setup.textContent).toContain('(checked with the webhook secret you set)');
  expect(setup.textContent).toContain('create a Web Hooks subscription for each of Work item created, Work item updated and Work item deleted');
  expect(setup.textContent).toContain('Basic authentication: any user name, and as the password the webhook secret you set for this connection.');
  expect(setup.textContent).not.toContain('signed with');
});

it('Azure Boards without a webhook secret says where to set it; GitHub keeps its own words', () => {
  const first = renderCard(azure({ has_webhook_secret: false }));
  expect(screen.getByRole('region', { name: /Webhook URL/ }).textContent).toContain('the webhook secret you set with “Update token” (at least 16 characters)');
  first.unmount();
  renderCard(azure({ id: 'gh', provider: 'GITHUB', webhook_url: 'https://teamlens.example/api/integrations/webhooks/gh' }));
  expect(screen.getByText('(signed with the webhook secret you set)', { exact: false })).toBeTruthy();
  expect(screen.queryByText(/Service hooks/)).toBeNull();
});

it('a sample connection says it is built-in sample data and offers what works on it: sync, test, its repositories; no address, token, pause or disconnect', () => {
  renderCard(
    azure({
      id: 'sample-gh',
      provider: 'GITHUB',
      base_url: '',
      account: 'acme',
      webhook_url: null,
      is_sample: true,
      last_synced_at: '2026-11-30T08:00:00.000Z',
      scopes: [
        {
          id: 's1',
          kind: 'REPOSITORY',
          external_id: 'acme/web-app',
          name: 'acme/web-app',
          url: null,
          default_branch: 'main',
          included: true,
          team: { id: 't-web', name: 'Web' },
        },
      ],
    }),
  );
  const card = screen.getByRole('article', { name: 'GitHub' });
  expect(within(card).getByText('Sample data, built into Teamlens: nothing is fetched from GitHub')).toBeTruthy();
  expect(within(card).queryByText('Address')).toBeNull();
  expect(within(card).queryByText('Token')).toBeNull();
  expect(within(card).queryByRole('region', { name: /Webhook URL/ })).toBeNull();
  const buttons = within(card)
    .getAllByRole('button')
    .map((b) => b.textContent);
  expect(buttons).toEqual(expect.arrayContaining(['Sync now', 'Test connection', 'Save repositories']));
  for (const absent of ['Pause', 'Update token', 'Disconnect']) expect(buttons).not.toContain(absent);
});
