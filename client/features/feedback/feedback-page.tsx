import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { Suspense } from 'react';
import { PendingView } from '../../components/ui/states.js';
import { FeedbackFilters } from './feedback-filters.js';
import { PagedFeedbackList } from './feedback-list.js';
import { FeedbackNav } from './feedback-nav.js';
import { SentRequests } from './feedback-requests-sent.js';
import { myFeedbackQueryOptions, type FeedbackBoxName, type FeedbackListFilter } from './feedback.api.js';
import { filterOfSearch, FEEDBACK_TABS, type FeedbackSearch, type FeedbackTab } from './feedback-search.js';
import { GiveFeedbackButton } from './give-feedback-dialog.js';
import { PraiseWall } from './praise-wall.js';
import { RequestFeedbackButton } from './request-feedback-dialog.js';
import './feedback.css';
import { AssistantMyFeedback } from '../assistant/assistant-my-feedback.js';

const TAB_LABELS: Record<FeedbackTab, string> = { received: 'Received', given: 'Given', requested: 'Requested', praise: 'Praise wall' };

/** /continuous-feedback: give and request feedback; what I received, gave and requested; the praise wall. */
export function FeedbackPage({ search }: { search: FeedbackSearch }) {
  const navigate = useNavigate();
  const tab = search.tab ?? 'received';
  const go = (next: FeedbackSearch) =>
    void navigate({ to: '/continuous-feedback', search: Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as FeedbackSearch });
  return (
    <section className="page fb-page">
      <FeedbackNav />
      <div className="row-between">
        <h1>Continuous feedback</h1>
        <div className="fb-actions">
          <GiveFeedbackButton />
          <RequestFeedbackButton />
        </div>
      </div>
      <p className="muted">Give feedback to anyone in your organization at any time, ask for feedback about yourself, and read what you received.</p>
      {/* The person filter means the giver in Received and the recipient in Given: it is left behind when the tab changes. */}
      <Tabs.Root value={tab} onValueChange={(value) => go({ tab: value as FeedbackTab, tag: search.tag, from: search.from, to: search.to })}>
        <Tabs.List className="fb-tabs" aria-label="My feedback">
          {FEEDBACK_TABS.map((t) => (
            <Tabs.Trigger key={t} value={t} className="fb-tab">
              {TAB_LABELS[t]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="received" className="fb-panel">
          <AssistantMyFeedback />
          <BoxPanel box="RECEIVED" filter={filterOfSearch(search)} onFilter={(f) => go({ tab: search.tab, ...f })} />
        </Tabs.Content>
        <Tabs.Content value="given" className="fb-panel">
          <BoxPanel box="GIVEN" filter={filterOfSearch(search)} onFilter={(f) => go({ tab: 'given', ...f })} />
        </Tabs.Content>
        <Tabs.Content value="requested" className="fb-panel">
          <Suspense fallback={<PendingView label="Loading your requests…" />}>
            <SentRequests />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="praise" className="fb-panel">
          <PraiseWall />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

function BoxPanel({ box, filter, onFilter }: { box: FeedbackBoxName; filter: FeedbackListFilter; onFilter: (filter: FeedbackListFilter) => void }) {
  const query = useInfiniteQuery(myFeedbackQueryOptions(box, filter));
  const filtered = !!(filter.person || filter.tag || filter.from || filter.to);
  const received = box === 'RECEIVED';
  return (
    <>
      <FeedbackFilters box={box} filter={filter} onApply={onFilter} />
      <PagedFeedbackList
        query={query}
        label={received ? 'Feedback received' : 'Feedback given'}
        empty={
          filtered ? (
            <>
              <h2>Nothing matches these filters</h2>
              <p>Change or clear the filters to see more.</p>
            </>
          ) : received ? (
            <>
              <h2>No feedback received yet</h2>
              <p>Feedback others give you shows up here. Ask for some with Request feedback.</p>
            </>
          ) : (
            <>
              <h2>You have not given feedback yet</h2>
              <p>Use Give feedback to tell a colleague what went well or what could change.</p>
            </>
          )
        }
      />
    </>
  );
}
