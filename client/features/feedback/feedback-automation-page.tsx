import { useSuspenseQuery } from '@tanstack/react-query';
import { formatWeekdayDateTime } from '../../../shared/format.js';
import { AutomationPage } from '../automation/automation-page.js';
import { FeedbackRuleDialog, type FeedbackAutomationTeam } from './feedback-automation-form.js';
import {
  describeFeedbackTrigger,
  describeResponders,
  feedbackAutomationRulesQueryOptions,
  feedbackAutomationTemplatesQueryOptions,
  feedbackRuleMutations,
} from './feedback-automation.api.js';
import type { FeedbackAutomationRule } from './feedback.types.js';

function nextRun(rule: FeedbackAutomationRule): string {
  if (rule.paused) return 'Paused';
  if (rule.next_run_at) return formatWeekdayDateTime(rule.next_run_at);
  if (rule.trigger === 'SPRINT_END') return 'When the next sprint ends';
  if (rule.trigger === 'START_DATE') return 'When someone reaches the day';
  return 'Nothing planned';
}

/** /continuous-feedback/automation: rules that ask for feedback by themselves, per team or for the whole organization (client/features/automation). */
export function FeedbackAutomationPage({ teams, wholeOrganization }: { teams: FeedbackAutomationTeam[]; wholeOrganization: boolean }) {
  const { data: rules } = useSuspenseQuery(feedbackAutomationRulesQueryOptions);
  const { data: templates } = useSuspenseQuery(feedbackAutomationTemplatesQueryOptions);
  return (
    <AutomationPage
      rules={rules}
      config={{
        title: 'Feedback automation',
        intro:
          'Ask for feedback by itself: after each sprint of a team, every month, or some days after a person starts. Each period sends its requests exactly once, also after the server was down, and people who have not answered are reminded once.',
        cannotCreate: wholeOrganization || teams.length > 0 ? null : 'You manage or lead no team, so there is no team to automate.',
        groups: (all) => [
          {
            id: 'rules',
            label: 'Feedback rules',
            rules: [...all].sort((a, b) => (a.team?.name ?? '').localeCompare(b.team?.name ?? '') || a.id.localeCompare(b.id)),
          },
        ],
        empty: { title: 'No feedback rules yet', text: 'Create a rule to ask for feedback regularly.' },
        card: {
          title: describeFeedbackTrigger,
          paused: (r) => r.paused,
          namedActions: true,
          facts: (r) => [
            ['For', r.team?.name ?? 'The whole organization'],
            ['Template', r.template?.name ?? 'Deleted template: no requests until another is chosen'],
            ['Who is asked', describeResponders(r)],
            ['Last run', r.last_run_at ? formatWeekdayDateTime(r.last_run_at) : 'Not yet'],
            ['Next run', nextRun(r)],
            ['Requests created', r.requests_created],
          ],
          pausedMessage: (r) => `${describeFeedbackTrigger(r)}: paused.`,
          resumedMessage: (r) => `${describeFeedbackTrigger(r)}: running again. Periods missed while paused are skipped.`,
        },
        form: {
          render: (rule, close) => (
            <FeedbackRuleDialog key={rule?.id ?? 'new'} rule={rule} teams={teams} wholeOrganization={wholeOrganization} templates={templates} onClose={close} />
          ),
        },
        remove: {
          title: () => 'Delete this rule?',
          description: (r) => `${describeFeedbackTrigger(r)}: no more requests will be sent by it. Requests it already sent, and their answers, stay.`,
          done: (r) => `${describeFeedbackTrigger(r)}: the rule was deleted.`,
        },
        mutations: feedbackRuleMutations,
      }}
    />
  );
}
