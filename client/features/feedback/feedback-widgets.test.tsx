// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, signIn, testQueryClient } from '../../test/render-route.js';
import { FeedbackReceivedWidget, FeedbackRequestsWidget, prefetchFeedbackWidgets } from './feedback-widgets.js';
import type { FeedbackItem } from './feedback.types.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };

const ada = { id: 'ada', full_name: 'Ada Lovelace' };
const grace = { id: 'grace', full_name: 'Grace Hopper' };
const ken = { id: 'ken', full_name: 'Ken Thompson' };

function item(patch: Partial<FeedbackItem>): FeedbackItem {
  return {
    id: 'f1',
    giver: grace,
    recipient: ada,
    body: 'Thanks for the review.',
    visibility: 'PRIVATE',
    tags: [],
    answers: null,
    request_id: null,
    reactions: [],
    slack_shared: false,
    can_delete: false,
    created_at: '2026-11-20T10:00:00.000Z',
    ...patch,
  };
}
const ask = (id: string, requester: typeof ada | null, subject: typeof ada, patch: Record<string, unknown> = {}) => ({
  id,
  status: 'PENDING' as const,
  created_at: '2026-11-24T09:00:00.000Z',
  request: { id: `r-${id}`, requester, subject, template_name: 'After a sprint', due_on: null, about_report: requester?.id !== subject.id, ...patch },
});

/**
 * The two cards as the dashboard shows them (each in a tile), in the app's router setup with a real
 * QueryClient, loaded first with prefetchFeedbackWidgets as the dashboard's loader does.
 */
async function renderCards(enabled: string[], operations: OperationHandlers) {
  const stub = stubGraphql(operations, { me: meAs('MEMBER', { id: 'ada' }) });
  await signIn();
  const queryClient = testQueryClient();
  const root = createRootRoute();
  const dashboard = createRoute({
    getParentRoute: () => root,
    path: '/home/dashboard',
    loader: () => prefetchFeedbackWidgets(queryClient, enabled),
    component: () => (
      <ul aria-label="Dashboard widgets">
        {enabled.includes('FEEDBACK_RECEIVED') && (
          <li className="tile">
            <FeedbackReceivedWidget />
          </li>
        )}
        {enabled.includes('FEEDBACK_REQUESTS') && (
          <li className="tile">
            <FeedbackRequestsWidget />
          </li>
        )}
      </ul>
    ),
  });
  const router = createRouter({ routeTree: root.addChildren([dashboard]), history: createMemoryHistory({ initialEntries: ['/home/dashboard'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('list', { name: 'Dashboard widgets' }, T);
  return stub;
}

it('shows the 3 latest feedback items I received, loaded with the page, and links to all of them', async () => {
  const long = `${'Clear and kind. '.repeat(20)}End.`;
  const { calls } = await renderCards(['FEEDBACK_RECEIVED'], {
    LatestFeedbackReceived: () => ({
      data: {
        myFeedback: {
          total: 7,
          next_cursor: 'c',
          items: [
            item({ id: 'a', giver: grace, body: long }),
            item({
              id: 'b',
              giver: ken,
              body: '',
              visibility: 'REQUESTER',
              answers: [
                { question: 'Q1', answer: 'A1' },
                { question: 'Q2', answer: 'A2' },
              ],
              created_at: '2026-11-18T10:00:00.000Z',
            }),
            item({ id: 'c', giver: null, body: 'Great demo.' }),
          ],
        },
      },
    }),
  });
  const list = screen.getByRole('list', { name: 'Latest feedback received' });
  const [first, second, third] = within(list).getAllByRole('listitem');
  expect(first!.textContent).toContain('Grace Hopper · Nov 20, 2026');
  expect(first!.textContent).toContain('Clear and kind.');
  expect(first!.textContent).toContain('…');
  expect(first!.textContent).not.toContain('End.');
  expect(second!.textContent).toContain('Ken Thompson · Nov 18, 2026');
  expect(second!.textContent).toContain('Answered your request (2 answers)');
  expect(third!.textContent).toContain('A former colleague');
  expect(screen.getByRole('link', { name: 'Open my feedback' }).getAttribute('href')).toBe('/continuous-feedback');
  expect(calls.map((c) => c.operationName).filter((n) => n !== 'Me')).toEqual(['LatestFeedbackReceived']);
});

it('counts the requests waiting for my answer, lists the first 3 and links to the pending page', async () => {
  await renderCards(['FEEDBACK_RECEIVED', 'FEEDBACK_REQUESTS'], {
    LatestFeedbackReceived: () => ({ data: { myFeedback: { total: 0, next_cursor: null, items: [] } } }),
    MyPendingFeedbackAsks: () => ({
      data: {
        pendingFeedbackRequests: [
          ask('1', grace, grace, { due_on: '2026-12-01' }),
          ask('2', ken, grace, { template_name: null }),
          ask('3', null, ken),
          ask('4', grace, grace),
          { ...ask('5', ken, ken), status: 'ANSWERED' },
          { ...ask('6', ken, ken), status: 'DECLINED' },
        ],
      },
    }),
  });
  expect(screen.getByText('No feedback received yet. What colleagues tell you shows up here; ask for some on the feedback page.')).toBeTruthy();
  expect(screen.getByText('4 requests wait for your answer.')).toBeTruthy();
  const list = screen.getByRole('list', { name: 'Feedback requests waiting for me' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    'Grace Hopper asks about themselfAfter a sprint · due Dec 1, 2026',
    'Ken Thompson asks about Grace HopperOwn questions',
    'A former colleague asks about Ken ThompsonAfter a sprint',
  ]);
  expect(screen.getByRole('link', { name: 'Answer feedback requests' }).getAttribute('href')).toBe('/continuous-feedback/pending');
});

it('says so when nobody waits for me, and when a card could not be loaded', async () => {
  await renderCards(['FEEDBACK_RECEIVED', 'FEEDBACK_REQUESTS'], {
    LatestFeedbackReceived: () => refusal('Continuous feedback is switched off for your organization.', 'FORBIDDEN'),
    MyPendingFeedbackAsks: () => ({ data: { pendingFeedbackRequests: [] } }),
  });
  expect(await screen.findByText('Your feedback could not be loaded.', {}, T)).toBeTruthy();
  expect(screen.getByText('Nobody is waiting for your feedback.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Open pending requests' }).getAttribute('href')).toBe('/continuous-feedback/pending');
});
