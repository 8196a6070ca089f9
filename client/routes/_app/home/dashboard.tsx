import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { DEFAULT_WIDGETS, PERMISSION_LEVEL_LABEL, type WidgetType } from '../../../../shared/enums.js';
import { EmptyState } from '../../../components/ui/states.js';
import { meQueryOptions, organizationQueryOptions, widgetPreferencesQueryOptions } from '../../../features/users/api.js';
import { WidgetChooser } from '../../../features/users/widget-chooser.js';
import { PendingReviewsWidget } from '../../../features/review-cycles/review-pending-widget.js';
import { RetroActionItemsWidget, UpcomingRetrosWidget, prefetchRetroWidgets } from '../../../features/retros/retro-widgets.js';
import { FeedbackReceivedWidget, FeedbackRequestsWidget, prefetchFeedbackWidgets } from '../../../features/feedback/feedback-widgets.js';
import { NotesWidget, prefetchNotesWidget } from '../../../features/notes/notes-widget.js';
import { MyGoalsWidget, TeamGoalsWidget, prefetchGoalsWidgets } from '../../../features/goals/goals-widgets.js';
import { IndividualInsightsWidget, TeamInsightsWidget, prefetchInsightsWidgets } from '../../../features/insights/insights-widgets.js';
import { myNominationTasksQueryOptions, myReviewRequestsQueryOptions } from '../../../features/review-cycles/review-cycles.api.js';
import { setModalOpen } from '../../../lib/modals.js';
import { disabledAreasOf, featureAreasQueryOptions } from '../../../features/feature-areas/api.js';
import { isDisabledPath } from '../../../components/navigation.js';
import { isBuiltPath } from '../../../../shared/feature-areas.js';

export const Route = createFileRoute('/_app/home/dashboard')({
  loader: ({ context: { queryClient } }) => {
    // What the cards and the admin's set-up banner show loads with the page (in parallel, never
    // failing it), so nothing appears late and pushes the cards down. The banner's organization is
    // skipped only when the person is known not to be an admin.
    const me = queryClient.getQueryData(meQueryOptions.queryKey);
    const prefetchWidgets = (enabled: readonly WidgetType[]) =>
      Promise.all([
        prefetchRetroWidgets(queryClient, enabled),
        prefetchFeedbackWidgets(queryClient, enabled),
        prefetchNotesWidget(queryClient, enabled),
        prefetchGoalsWidgets(queryClient, enabled),
        prefetchInsightsWidgets(queryClient, enabled),
      ]);
    // On a first load the person's choice of cards is not known yet: the default cards' data (what
    // most people keep) is asked for beside the choice, not after it; other cards follow the choice.
    const choiceKnown = queryClient.getQueryData(widgetPreferencesQueryOptions.queryKey) !== undefined;
    return Promise.all([
      queryClient.ensureQueryData(meQueryOptions),
      queryClient.ensureQueryData(widgetPreferencesQueryOptions),
      queryClient.prefetchQuery(myReviewRequestsQueryOptions(false)),
      queryClient.prefetchQuery(myNominationTasksQueryOptions),
      choiceKnown ? undefined : prefetchWidgets(DEFAULT_WIDGETS),
      queryClient.ensureQueryData(widgetPreferencesQueryOptions).then(
        (prefs) => prefetchWidgets(prefs.enabled_widgets),
        () => undefined,
      ),
      me && me.permission_level !== 'ADMIN' ? undefined : queryClient.prefetchQuery(organizationQueryOptions),
    ]);
  },
  component: DashboardPage,
});

/** What each widget will show, and where that part of the product lives. */
const WIDGETS: Record<WidgetType, { title: string; empty: string; to: string }> = {
  PENDING_REVIEWS: {
    title: 'Pending reviews',
    empty: 'Reviews are not available yet. This card will list the reviews you have been asked to write.',
    to: '/reviews/pending',
  },
  MY_GOALS: { title: 'My goals', empty: 'Goals are not available yet. This card will show your goals and their progress.', to: '/goals/my-goals' },
  TEAM_GOALS: { title: 'Team goals', empty: 'Goals are not available yet. This card will show your teams’ goals.', to: '/goals/team-goals' },
  FEEDBACK_RECEIVED: {
    title: 'Feedback received',
    empty: 'Feedback is not available yet. This card will show the latest feedback you received.',
    to: '/continuous-feedback',
  },
  FEEDBACK_REQUESTS: {
    title: 'Feedback requests',
    empty: 'Feedback is not available yet. This card will list the requests waiting for your answer.',
    to: '/continuous-feedback/pending',
  },
  UPCOMING_RETROS: {
    title: 'Upcoming retros',
    empty: 'Retrospectives are not available yet. This card will show your team’s next retro.',
    to: '/professional-development/sprint-retro/review',
  },
  RETRO_ACTION_ITEMS: {
    title: 'Retro action items',
    empty: 'Retrospectives are not available yet. This card will list the action items you own.',
    to: '/professional-development/sprint-retro/team-progress',
  },
  TEAM_INSIGHTS: { title: 'Team insights', empty: 'Insights are not available yet. This card will show your team’s trends.', to: '/insights/team-insights' },
  INDIVIDUAL_INSIGHTS: { title: 'My insights', empty: 'Insights are not available yet. This card will show your own trends.', to: '/insights/individual' },
  NOTES: { title: 'Notes', empty: 'Notes are not available yet. This card will show your pinned and latest notes.', to: '/notes/my-notes' },
};

const WIDGET_TITLES = Object.fromEntries(Object.entries(WIDGETS).map(([type, widget]) => [type, widget.title])) as Record<WidgetType, string>;

function OnboardingBanner() {
  const org = useQuery(organizationQueryOptions);
  if (!org.data || org.data.is_onboarding_phase_skipped || org.data.onboarding_phase === 'DONE') return null;
  return (
    <div className="banner">
      <p>
        <strong>Set up {org.data.name}.</strong> A few steps get your organization ready.
      </p>
      <button type="button" className="button button-small" onClick={() => setModalOpen('onboardingQuestion', true)}>
        Start setup
      </button>
    </div>
  );
}

function DashboardPage() {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const { data: prefs } = useSuspenseQuery(widgetPreferencesQueryOptions);
  // Widgets of areas an admin switched off are not shown (the choice is kept for when they are back on).
  const { data: areaSettings } = useQuery(featureAreasQueryOptions);
  const disabled = disabledAreasOf(areaSettings);
  const shown = prefs.enabled_widgets.filter((type) => !isDisabledPath(WIDGETS[type].to, disabled));
  return (
    <section className="page">
      <h1>Welcome, {me.full_name}</h1>
      <p className="muted">
        {me.role ?? PERMISSION_LEVEL_LABEL[me.permission_level]}
        {me.team ? ` · ${me.team.name} team` : ''}
      </p>
      {me.permission_level === 'ADMIN' && <OnboardingBanner />}
      <div className="row-between section-title">
        <h2>Your widgets</h2>
        <WidgetChooser enabled={prefs.enabled_widgets} titles={WIDGET_TITLES} />
      </div>
      {shown.length === 0 ? (
        <EmptyState title="No widgets chosen">
          <p>
            {prefs.enabled_widgets.length === 0
              ? 'You have switched every dashboard widget off.'
              : 'The widgets you chose belong to areas your organization has switched off.'}
          </p>
        </EmptyState>
      ) : (
        <ul className="card-grid" aria-label="Dashboard widgets">
          {shown.map((type) => {
            const widget = WIDGETS[type];
            if (type === 'PENDING_REVIEWS')
              return (
                <li key={type} className="tile">
                  <PendingReviewsWidget />
                </li>
              );
            if (type === 'UPCOMING_RETROS')
              return (
                <li key={type} className="tile">
                  <UpcomingRetrosWidget />
                </li>
              );
            if (type === 'RETRO_ACTION_ITEMS')
              return (
                <li key={type} className="tile">
                  <RetroActionItemsWidget />
                </li>
              );
            if (type === 'FEEDBACK_RECEIVED')
              return (
                <li key={type} className="tile">
                  <FeedbackReceivedWidget />
                </li>
              );
            if (type === 'FEEDBACK_REQUESTS')
              return (
                <li key={type} className="tile">
                  <FeedbackRequestsWidget />
                </li>
              );
            if (type === 'NOTES')
              return (
                <li key={type} className="tile">
                  <NotesWidget />
                </li>
              );
            if (type === 'MY_GOALS')
              return (
                <li key={type} className="tile">
                  <MyGoalsWidget />
                </li>
              );
            if (type === 'TEAM_GOALS')
              return (
                <li key={type} className="tile">
                  <TeamGoalsWidget />
                </li>
              );
            if (type === 'TEAM_INSIGHTS')
              return (
                <li key={type} className="tile">
                  <TeamInsightsWidget />
                </li>
              );
            if (type === 'INDIVIDUAL_INSIGHTS')
              return (
                <li key={type} className="tile">
                  <IndividualInsightsWidget />
                </li>
              );
            return (
              <li key={type} className="tile">
                <h3>{widget.title}</h3>
                <p className="muted">{widget.empty}</p>
                {/* No link into an area this version has not built (shared/feature-areas.ts). */}
                {isBuiltPath(widget.to) && <Link to={widget.to as never}>Open {widget.title.toLowerCase()}</Link>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
