// @vitest-environment jsdom
/**
 * What client/test/setup.ts promises the client tests, which share their modules (docs/decisions/0074):
 * work a test leaves on its way never lands in the next test. The two tests run in this order.
 */
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { AlertHost } from '../components/ui/alert-host.js';
import { alertOutcome, alertStore } from '../lib/alerts.js';
import { FEEDBACK_RULE_DOCUMENTS } from '../features/feedback/feedback-automation.api.js';
import { gql } from '../lib/graphql.js';
import { stubGraphql } from './graphql-stub.js';
import { cleanUpBetweenTests, testQueryClient } from './render-route.js';

cleanUpBetweenTests();

/** What became of the save the first test started (with its alert): any mutation of the app will do. */
let outcome: Promise<void> | undefined;

function SaveButton() {
  const save = useMutation({ mutationFn: () => gql(FEEDBACK_RULE_DOCUMENTS.delete, { id: 'rule-1' }) });
  return (
    <button
      type="button"
      onClick={() => {
        outcome = alertOutcome(save.mutateAsync(), 'The thing was saved.');
      }}
    >
      Save
    </button>
  );
}

it('ends while a save is on its way, answered only once the test is over', async () => {
  let answer!: () => void;
  const { calls } = stubGraphql({
    DeleteFeedbackAutomationRule: () =>
      new Promise((resolve) => {
        answer = () => resolve({ data: { deleteFeedbackAutomationRule: true } });
      }),
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <SaveButton />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await vi.waitFor(() => expect(calls.map((c) => c.operationName)).toEqual(['DeleteFeedbackAutomationRule']));
  setTimeout(() => answer(), 0);
});

it('the next test shows no alert of that save', async () => {
  expect(outcome).toBeDefined();
  await outcome;
  render(<AlertHost />);
  expect(alertStore.get()).toBeNull();
  expect(screen.queryByRole('status')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
});
