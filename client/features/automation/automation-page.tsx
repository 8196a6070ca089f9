import { useState, type ReactNode } from 'react';
import { EmptyState } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { ConfirmDialog } from '../review-cycles/review-cycle-dialogs.js';
import type { AutomationRuleMutations } from './automation.api.js';
import { RuleCard, type RuleCardConfig } from './automation-rule-card.js';
import './automation.css';

/** Rules shown together: one list, or one per team. */
export type RuleGroup<R> = { id: string; title?: string; label: string; rules: R[] };

/**
 * What an area's automation page says and does (docs/decisions/0073): its words, how a rule is shown,
 * its rule form, and its API. Reviews, retros and feedback each configure the one page.
 */
export type AutomationPageConfig<R> = {
  title: string;
  intro: ReactNode;
  /** Why this person cannot make rules (e.g. they lead no team); the New rule button otherwise. */
  cannotCreate?: string | null;
  /** The rules under a heading of their own (and each card one level below). */
  sectionTitle?: string;
  groups: (rules: R[]) => Array<RuleGroup<R>>;
  empty: { title: string; text: string };
  card: RuleCardConfig<R>;
  /** The rule form: in place of the New rule button (`inline`), or a dialog. */
  form: { inline?: boolean; render: (rule: R | null, close: () => void) => ReactNode };
  remove: { title: (rule: R) => string; description: (rule: R) => string; done: (rule: R) => string };
  mutations: AutomationRuleMutations<R>;
  /** More of the area's settings, under the rules. */
  children?: ReactNode;
};

/** An area's automation screen: its rules with their state, and creating, editing, pausing and deleting them. */
export function AutomationPage<R extends { id: string }>({ config, rules }: { config: AutomationPageConfig<R>; rules: R[] }) {
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const remove = config.mutations.useDeleteRule();
  const groups = config.groups(rules);
  const form = editing && config.form.render(editing === 'new' ? null : editing, () => setEditing(null));
  const create = config.cannotCreate ? (
    <p className="muted">{config.cannotCreate}</p>
  ) : (
    <div className="automation-actions">
      <button type="button" className="button" onClick={() => setEditing('new')}>
        New rule
      </button>
    </div>
  );
  const headingLevel = config.sectionTitle ? 3 : 2;
  const cards = (group: RuleGroup<R>) => (
    <ul key={group.id} className="automation-list" aria-label={group.label}>
      {group.rules.map((r) => (
        <RuleCard
          key={r.id}
          rule={r}
          config={config.card}
          mutations={config.mutations}
          headingLevel={group.title ? 3 : headingLevel}
          onEdit={() => setEditing(r)}
          onDelete={() => setDeleting(r)}
        />
      ))}
    </ul>
  );
  const list =
    rules.length === 0 ? (
      <EmptyState title={config.empty.title}>{config.empty.text}</EmptyState>
    ) : (
      groups.map((group) =>
        group.title ? (
          <section key={group.id} className="automation-group" aria-labelledby={`automation-group-${group.id}`}>
            <h2 id={`automation-group-${group.id}`}>{group.title}</h2>
            {cards(group)}
          </section>
        ) : (
          cards(group)
        ),
      )
    );
  return (
    <div className="page automation-page">
      <h1>{config.title}</h1>
      <p>{config.intro}</p>
      {config.form.inline && form ? form : create}
      {config.sectionTitle ? (
        <section className="automation-section" aria-labelledby="automation-rules-title">
          <h2 id="automation-rules-title">{config.sectionTitle}</h2>
          {list}
        </section>
      ) : (
        list
      )}
      {!config.form.inline && form}
      {config.children}
      {deleting && (
        <ConfirmDialog
          title={config.remove.title(deleting)}
          description={config.remove.description(deleting)}
          confirmLabel="Delete rule"
          busyLabel="Deleting…"
          onConfirm={async () => {
            await remove.mutateAsync(deleting.id);
            showAlert(config.remove.done(deleting), 'success');
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
