import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDateTime, formatDay } from '../../../shared/format.js';
import { PERSPECTIVE_LABELS } from '../../../shared/review-template.schemas.js';
import { AutomationPage } from '../automation/automation-page.js';
import { CYCLE_STATUS_LABELS } from '../review-cycles/review-cycles.search.js';
import { automationRulesQueryOptions, automationRunsQueryOptions, reviewRuleMutations, type AutomationRule } from './review-automation.api.js';
import { RuleForm, type Option, type TemplateOption } from './review-automation-form.js';
import { SprintsSection } from './review-automation-sprints.js';
import { ReminderSettingsSection } from './review-automation-reminders.js';
import './review-automation.css';

function describe(rule: AutomationRule): string {
  if (rule.type === 'REPEAT') return `Every ${rule.every_count === 1 ? 'month' : `${rule.every_count} months`} from ${formatDay(rule.anchor_on)}`;
  if (rule.type === 'AFTER_START') return `${rule.every_count} days after each new person starts`;
  return 'When each sprint of the team ends';
}

function Runs({ ruleId }: { ruleId: string }) {
  const { data, isPending, isError } = useQuery(automationRunsQueryOptions(ruleId));
  if (isPending) return <p role="status">Loading cycles…</p>;
  if (isError) return <p role="alert">The cycles could not be loaded. Try again.</p>;
  if (!data.length) return <p>No cycle created yet.</p>;
  return (
    <ul className="automation-made" aria-label="Created cycles">
      {data.map((r) => (
        <li key={r.id}>
          {formatDateTime(r.created_at)}:{' '}
          {r.cycle ? (
            <>
              <Link to="/reviews" search={{ id: r.cycle.id }}>
                {r.cycle.name}
              </Link>{' '}
              ({CYCLE_STATUS_LABELS[r.cycle.status]})
            </>
          ) : (
            <span>Skipped: {r.skipped_reason ?? 'the cycle was deleted.'}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** /reviews/automation: rules that start review cycles by themselves, and the teams' sprints (client/features/automation). */
export function ReviewAutomationPage({ teams, people, templates }: { teams: Option[]; people: Option[]; templates: TemplateOption[] }) {
  const { data: rules } = useSuspenseQuery(automationRulesQueryOptions);
  return (
    <AutomationPage
      rules={rules}
      config={{
        title: 'Review automation',
        intro:
          'Rules start review cycles on a schedule, some days after a person starts, or at the end of each sprint. Each period gets one cycle, also after the server was down; people excluded from review automation are skipped.',
        sectionTitle: 'Rules',
        groups: (all) => [{ id: 'rules', label: 'Automation rules', rules: all }],
        empty: { title: 'No automation rules yet', text: 'Create a rule to start review cycles by themselves.' },
        card: {
          title: (r) => r.name,
          paused: (r) => !r.active,
          facts: (r) => [
            ['When', describe(r)],
            ['For', [...r.teams.map((t) => t.name), ...r.people.map((p) => p.full_name)].join(', ') || 'Everyone'],
            ['Template', r.template_name ?? 'Deleted template'],
            ['Perspectives', r.perspectives.map((p) => PERSPECTIVE_LABELS[p]).join(', ')],
            ['Next run', r.active ? (r.next_run_at ? formatDateTime(r.next_run_at) : 'Nothing planned yet') : 'Paused'],
            ['Cycles created', r.run_count],
          ],
          hint: (r) => (r.starts_as_draft ? 'Cycles start as drafts for peer nominations.' : 'Cycles launch at once.'),
          details: { show: 'Show cycles', hide: 'Hide cycles', render: (r) => <Runs ruleId={r.id} /> },
          pausedMessage: (r) => `${r.name} is paused.`,
          resumedMessage: (r) => `${r.name} is running again. What fell due while paused is skipped.`,
        },
        form: {
          inline: true,
          render: (rule, close) => <RuleForm key={rule?.id ?? 'new'} rule={rule} teams={teams} people={people} templates={templates} onDone={close} />,
        },
        remove: {
          title: (r) => `Delete ${r.name}?`,
          description: () => 'No more cycles will be created by this rule. Cycles it already created stay.',
          done: (r) => `${r.name} was deleted.`,
        },
        mutations: reviewRuleMutations,
        children: (
          <>
            <SprintsSection teams={teams} />
            <ReminderSettingsSection />
          </>
        ),
      }}
    />
  );
}
