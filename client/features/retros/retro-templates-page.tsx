import { useSuspenseQuery } from '@tanstack/react-query';
import { AlertDialog } from '../../components/ui/dialog.js';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { RetroHealthCheckForm } from './retro-health-check-form.js';
import { RetroTemplateForm, colourName } from './retro-template-form.js';
import {
  retroHealthChecksQueryOptions, retroTemplatesQueryOptions, useRetroHealthCheckAction, useRetroTemplateAction,
  type RetroHealthCheck, type RetroTemplate,
} from './retro-templates.api.js';
import '../review-templates/review-templates.css';
import './retro-templates.css';

type Editing = { kind: 'template'; item?: RetroTemplate } | { kind: 'health'; item?: RetroHealthCheck } | null;
type Archiving = { kind: 'template'; item: RetroTemplate } | { kind: 'health'; item: RetroHealthCheck } | null;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

/** /professional-development/sprint-retro/templates: retro templates and health check sets, or the form of one. */
export function RetroTemplatesPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const [showArchived, setShowArchived] = useState(false);
  const [archiving, setArchiving] = useState<Archiving>(null);
  const close = () => setEditing(null);

  if (editing) {
    const title = editing.item ? `Edit ${editing.item.name}` : editing.kind === 'template' ? 'New retro template' : 'New health check';
    return (
      <section className="page rtt-page">
        <FocusedHeading>{title}</FocusedHeading>
        {editing.kind === 'template'
          ? <RetroTemplateForm key={editing.item?.id ?? 'new'} template={editing.item} onDone={close} onCancel={close} />
          : <RetroHealthCheckForm key={editing.item?.id ?? 'new'} check={editing.item} onDone={close} onCancel={close} />}
      </section>
    );
  }

  return (
    <section className="page rtt-page">
      <FocusedHeading focus={false}>Retro templates</FocusedHeading>
      <p className="muted">A template gives a retro its prompts; a health check set gives it statements to rate. A retro keeps its own copy when it is created, so later edits never change it.</p>
      <label className="checkbox">
        <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />
        Show archived
      </label>
      <TemplateSection showArchived={showArchived} onEdit={(item) => setEditing({ kind: 'template', item })} onArchive={(item) => setArchiving({ kind: 'template', item })} />
      <HealthSection showArchived={showArchived} onEdit={(item) => setEditing({ kind: 'health', item })} onArchive={(item) => setArchiving({ kind: 'health', item })} />
      {archiving && <ArchiveDialog archiving={archiving} onClose={() => setArchiving(null)} />}
    </section>
  );
}

/** The screen's h1; focused when a form opens so keyboard and screen reader users land on it. */
function FocusedHeading({ children, focus = true }: { children: string; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => { if (focus) ref.current?.focus(); }, [focus]);
  return <h1 ref={ref} tabIndex={-1}>{children}</h1>;
}

function Badges({ builtIn, archived }: { builtIn: boolean; archived: boolean }) {
  if (!builtIn && !archived) return null;
  return (
    <p className="rt-badges">
      {builtIn && <span className="rt-badge">Built-in</span>}
      {archived && <span className="rt-badge rt-badge-archived">Archived</span>}
    </p>
  );
}

function useCopy<T extends { name: string }>(run: (v: { action: 'copy'; id: string }) => Promise<T>, open: (copy: T) => void) {
  return async (item: { id: string; name: string }) => {
    try {
      const copy = await run({ action: 'copy', id: item.id });
      showAlert(`${copy.name} was created. Edit it below.`, 'success');
      open(copy);
    } catch (err) {
      showAlert(messageOf(err), 'error');
    }
  };
}

async function restore(run: (v: { action: 'restore'; id: string }) => Promise<{ name: string }>, id: string) {
  try {
    const item = await run({ action: 'restore', id });
    showAlert(`${item.name} was restored.`, 'success');
  } catch (err) {
    showAlert(messageOf(err), 'error');
  }
}

function TemplateSection({ showArchived, onEdit, onArchive }: { showArchived: boolean; onEdit: (t?: RetroTemplate) => void; onArchive: (t: RetroTemplate) => void }) {
  const { data } = useSuspenseQuery(retroTemplatesQueryOptions);
  const action = useRetroTemplateAction();
  const copy = useCopy(action.mutateAsync, onEdit);
  const templates = data.filter((t) => showArchived || !t.archived);
  const own = templates.filter((t) => !t.built_in).length;
  const hiddenArchived = data.filter((t) => t.archived).length;
  return (
    <section className="rtt-section" aria-labelledby="rtt-templates">
      <div className="row-between">
        <h2 id="rtt-templates">Templates</h2>
        <button type="button" className="button" onClick={() => onEdit()}>New template</button>
      </div>
      <ul className="card-grid rtt-list" aria-label="Retro templates">
        {templates.map((t) => (
          <li key={t.id} className="tile rt-card" aria-labelledby={`rtt-${t.id}`}>
            <h3 id={`rtt-${t.id}`}>{t.name}</h3>
            <Badges builtIn={t.built_in} archived={t.archived} />
            {t.description && <p className="muted rt-description">{t.description}</p>}
            <ul className="rtt-chips" aria-label={`Prompts of ${t.name}`}>
              {t.prompts.map((p) => (
                <li key={p.id} className="rtt-chip" style={{ background: p.colour }} title={p.description || undefined}>
                  {p.title}<span className="sr-only"> ({colourName(p.colour)})</span>
                </li>
              ))}
            </ul>
            {t.created_by && <p className="muted">Created by {t.created_by.full_name}</p>}
            <div className="rt-item-actions">
              {t.can_manage && !t.archived && <button type="button" className="button button-small" onClick={() => onEdit(t)} aria-label={`Edit ${t.name}`}>Edit</button>}
              <button type="button" className="button button-secondary button-small" disabled={action.isPending} onClick={() => void copy(t)} aria-label={`Copy ${t.name}`}>Copy</button>
              {t.can_manage && (t.archived
                ? <button type="button" className="button button-ghost button-small" disabled={action.isPending} onClick={() => void restore(action.mutateAsync, t.id)} aria-label={`Restore ${t.name}`}>Restore</button>
                : <button type="button" className="button button-ghost button-small" onClick={() => onArchive(t)} aria-label={`Archive ${t.name}`}>Archive</button>)}
            </div>
          </li>
        ))}
      </ul>
      {own === 0 && (
        <EmptyState title="No templates of your own yet">
          <p>Copy a built-in template to adapt it, or create a new one.{!showArchived && hiddenArchived > 0 ? ` ${hiddenArchived} archived ${hiddenArchived === 1 ? 'template is' : 'templates are'} hidden.` : ''}</p>
        </EmptyState>
      )}
    </section>
  );
}

function HealthSection({ showArchived, onEdit, onArchive }: { showArchived: boolean; onEdit: (h?: RetroHealthCheck) => void; onArchive: (h: RetroHealthCheck) => void }) {
  const { data } = useSuspenseQuery(retroHealthChecksQueryOptions);
  const action = useRetroHealthCheckAction();
  const copy = useCopy(action.mutateAsync, onEdit);
  const checks = data.filter((h) => showArchived || !h.archived);
  return (
    <section className="rtt-section" aria-labelledby="rtt-health">
      <div className="row-between">
        <h2 id="rtt-health">Health check sets</h2>
        <button type="button" className="button" onClick={() => onEdit()}>New health check</button>
      </div>
      <p className="muted">Statements the team rates from 1 to 5 during a retro, to follow how it feels over time.</p>
      <ul className="card-grid rtt-list" aria-label="Health check sets">
        {checks.map((h) => (
          <li key={h.id} className="tile rt-card" aria-labelledby={`rtth-${h.id}`}>
            <h3 id={`rtth-${h.id}`}>{h.name}</h3>
            <Badges builtIn={h.built_in} archived={h.archived} />
            <ol className="rtt-statement-list" aria-label={`Statements of ${h.name}`}>
              {h.statements.map((s, i) => <li key={i}>{s}</li>)}
            </ol>
            {h.created_by && <p className="muted">Created by {h.created_by.full_name}</p>}
            <div className="rt-item-actions">
              {h.can_manage && !h.archived && <button type="button" className="button button-small" onClick={() => onEdit(h)} aria-label={`Edit ${h.name}`}>Edit</button>}
              <button type="button" className="button button-secondary button-small" disabled={action.isPending} onClick={() => void copy(h)} aria-label={`Copy ${h.name}`}>Copy</button>
              {h.can_manage && (h.archived
                ? <button type="button" className="button button-ghost button-small" disabled={action.isPending} onClick={() => void restore(action.mutateAsync, h.id)} aria-label={`Restore ${h.name}`}>Restore</button>
                : <button type="button" className="button button-ghost button-small" onClick={() => onArchive(h)} aria-label={`Archive ${h.name}`}>Archive</button>)}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Asks before archiving: the template or set is no longer offered for new retros. */
function ArchiveDialog({ archiving, onClose }: { archiving: NonNullable<Archiving>; onClose: () => void }) {
  const templateAction = useRetroTemplateAction();
  const healthAction = useRetroHealthCheckAction();
  const pending = templateAction.isPending || healthAction.isPending;
  const what = archiving.kind === 'template' ? 'template' : 'health check';
  async function confirm() {
    try {
      if (archiving.kind === 'template') await templateAction.mutateAsync({ action: 'archive', id: archiving.item.id });
      else await healthAction.mutateAsync({ action: 'archive', id: archiving.item.id });
      showAlert(`${archiving.item.name} was archived.`, 'success');
      onClose();
    } catch (err) {
      showAlert(messageOf(err), 'error');
    }
  }
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>Archive {archiving.item.name}?</AlertDialog.Title>
          <AlertDialog.Description>
            It will no longer be offered for new retros. Retros that already use it keep their own copy. You can restore it later.
          </AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button button-secondary">Cancel</AlertDialog.Cancel>
            <button type="button" className="button" disabled={pending} onClick={() => void confirm()}>{pending ? 'Archiving…' : `Archive ${what}`}</button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
