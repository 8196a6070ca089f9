import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { RETRO_PHASE_LABELS } from '../../../shared/retros.js';
import { formatWeekdayDateTime } from '../../../shared/format.js';
import { AutomationPage, type RuleGroup } from '../automation/automation-page.js';
import { retroAutomationChoicesQueryOptions, retroAutomationRulesQueryOptions, retroRuleMutations, type RetroAutomationRule } from './retro-automation.api.js';
import { RetroRuleDialog, type AutomationTeam } from './retro-automation-form.js';
import { describeTrigger } from './retro-automation-words.js';

function mode(rule: RetroAutomationRule): string {
  if (rule.reflect_hours === null) return 'Live meeting';
  return `Async: ${rule.reflect_hours} h to reflect, then ${rule.vote_hours} h to vote`;
}

/** Rules per team, teams by name. */
function byTeam(rules: RetroAutomationRule[]): Array<RuleGroup<RetroAutomationRule>> {
  const groups = new Map<string, RuleGroup<RetroAutomationRule>>();
  for (const rule of rules) {
    const group = groups.get(rule.team.id) ?? { id: rule.team.id, title: rule.team.name, label: `Rules of ${rule.team.name}`, rules: [] };
    group.rules.push(rule);
    groups.set(rule.team.id, group);
  }
  return [...groups.values()].sort((x, y) => x.title!.localeCompare(y.title!));
}

function LatestRetros({ rule }: { rule: RetroAutomationRule }) {
  return (
    <section aria-label={`Retros made by: ${describeTrigger(rule)}`}>
      <h4 className="automation-subtitle">Latest retros</h4>
      {rule.retros.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <ul className="automation-made">
          {rule.retros.map((r) => (
            <li key={r.id}>
              <Link to="/professional-development/sprint-retro/review/$id" params={{ id: r.id }}>
                {r.title}
              </Link>
              <span className="muted">
                {' '}
                · {formatWeekdayDateTime(r.scheduled_at)} · {RETRO_PHASE_LABELS[r.phase]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /professional-development/sprint-retro/automation: rules that make a team's retros by themselves, per team (client/features/automation). */
export function RetroAutomationPage({ teams }: { teams: AutomationTeam[] }) {
  const { data: rules } = useSuspenseQuery(retroAutomationRulesQueryOptions);
  const { data: choices } = useSuspenseQuery(retroAutomationChoicesQueryOptions);
  return (
    <AutomationPage
      rules={rules}
      config={{
        title: 'Retro automation',
        intro:
          'Make a team’s retro by itself after every sprint or every few weeks. Each sprint or period gets exactly one retro, also after the server was down, and the team is told. Async retros open at once for writing and close reflecting and voting at their deadlines.',
        cannotCreate: teams.length === 0 ? 'You manage or lead no team, so there is no team to automate.' : null,
        groups: byTeam,
        empty: { title: 'No retro rules yet', text: 'Create a rule to make a team’s retros by themselves.' },
        card: {
          title: describeTrigger,
          paused: (r) => r.paused,
          namedActions: true,
          facts: (r) => [
            [
              'Next retro',
              r.paused
                ? 'Paused'
                : r.next_run_at
                  ? formatWeekdayDateTime(r.next_run_at)
                  : r.trigger === 'SPRINT_END'
                    ? 'When the next sprint is planned'
                    : 'Nothing planned',
            ],
            [
              'Template',
              r.template ? `${r.template.name}${r.template.archived ? ' (archived: no retros until it is restored or changed)' : ''}` : 'Deleted template',
            ],
            ['Health check', r.health_check?.name ?? 'None'],
            ['Facilitator', r.facilitator?.full_name ?? 'The team’s manager or lead'],
            ['Format', mode(r)],
            ['Reflections', r.anonymous ? 'Anonymous' : 'Signed'],
            ['Votes', `${r.max_votes} per person, ${r.max_votes_per_group} per group`],
          ],
          footer: (r) => <LatestRetros rule={r} />,
          pausedMessage: (r) => `${describeTrigger(r)}: paused.`,
          resumedMessage: (r) => `${describeTrigger(r)}: running again. What fell due while paused is skipped.`,
        },
        form: {
          render: (rule, close) => (
            <RetroRuleDialog
              key={rule?.id ?? 'new'}
              rule={rule}
              teams={teams}
              templates={choices.templates}
              healthChecks={choices.healthChecks}
              onClose={close}
            />
          ),
        },
        remove: {
          title: () => 'Delete this rule?',
          description: (r) => `${describeTrigger(r)} (${r.team.name}): no more retros will be made by it. Retros it already made stay.`,
          done: (r) => `${describeTrigger(r)}: the rule was deleted.`,
        },
        mutations: retroRuleMutations,
      }}
    />
  );
}
