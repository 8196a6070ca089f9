import { useState, type ReactNode } from 'react';
import { showAlert } from '../../lib/alerts.js';
import type { AutomationRuleMutations } from './automation.api.js';

export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

/** How an area shows one of its rules (docs/decisions/0073). */
export type RuleCardConfig<R> = {
  /** The card's heading: the rule's name, or its trigger in words. */
  title: (rule: R) => string;
  paused: (rule: R) => boolean;
  /** The rule's facts, as term and description. */
  facts: (rule: R) => Array<[string, ReactNode]>;
  hint?: (rule: R) => ReactNode;
  /** Buttons named after the rule ("Edit: <title>"), where a page shows several rules of the same kind. */
  namedActions?: boolean;
  /** What the rule made, behind a Show/Hide button. */
  details?: { show: string; hide: string; render: (rule: R) => ReactNode };
  /** What the rule made, always shown under the buttons. */
  footer?: (rule: R) => ReactNode;
  pausedMessage: (rule: R) => string;
  resumedMessage: (rule: R) => string;
};

type Props<R> = { rule: R; config: RuleCardConfig<R>; mutations: AutomationRuleMutations<R>; headingLevel: 2 | 3; onEdit: () => void; onDelete: () => void };

/** One rule: its trigger, facts and state, and Edit, Pause or Resume, Delete. */
export function RuleCard<R extends { id: string }>({ rule, config, mutations, headingLevel, onEdit, onDelete }: Props<R>) {
  const setPaused = mutations.useSetPaused();
  const [expanded, setExpanded] = useState(false);
  const title = config.title(rule);
  const paused = config.paused(rule);
  const named = (action: string) => (config.namedActions ? `${action}: ${title}` : undefined);
  async function toggle() {
    try {
      await setPaused.mutateAsync({ id: rule.id, paused: !paused });
      showAlert(paused ? config.resumedMessage(rule) : config.pausedMessage(rule), 'success');
    } catch (err) {
      showAlert(messageOf(err), 'error');
    }
  }
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="automation-rule">
      <Heading>
        {title}
        <span className={paused ? 'automation-badge paused' : 'automation-badge'}>{paused ? 'Paused' : 'Active'}</span>
      </Heading>
      <dl className="automation-meta">
        {config.facts(rule).map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {config.hint && <p className="field-hint">{config.hint(rule)}</p>}
      <div className="automation-actions">
        <button type="button" className="button button-secondary" onClick={onEdit} aria-label={named('Edit')}>
          Edit
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={setPaused.isPending}
          onClick={() => void toggle()}
          aria-label={named(paused ? 'Resume' : 'Pause')}
        >
          {paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" className="button button-ghost" onClick={onDelete} aria-label={named('Delete')}>
          Delete
        </button>
        {config.details && (
          <button type="button" className="button button-ghost" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? config.details.hide : config.details.show}
          </button>
        )}
      </div>
      {expanded && config.details?.render(rule)}
      {config.footer?.(rule)}
    </li>
  );
}
