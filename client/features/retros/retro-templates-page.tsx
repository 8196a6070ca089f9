import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ArchiveTemplateDialog, cardActions, useTemplateRun } from '../templates/template-actions.js';
import { FocusedHeading, NoOwnTemplates, TemplateCards, TemplateListPage, TemplateSection } from '../templates/template-list.js';
import { RetroHealthCheckForm } from './retro-health-check-form.js';
import { RetroTemplateForm, colourName } from './retro-template-form.js';
import {
  retroHealthChecksQueryOptions, retroTemplatesQueryOptions, useRetroHealthCheckAction, useRetroTemplateAction,
  type RetroHealthCheck, type RetroTemplate,
} from './retro-templates.api.js';
import './retro-templates.css';

type Kind = 'template' | 'health';
type Editing = { kind: 'template'; item?: RetroTemplate } | { kind: 'health'; item?: RetroHealthCheck } | null;
type Archiving = { kind: Kind; item: RetroTemplate | RetroHealthCheck } | null;

const ARCHIVE = 'It will no longer be offered for new retros. Retros that already use it keep their own copy. You can restore it later.';

/** /professional-development/sprint-retro/templates: retro templates and health check sets (features/templates), or the form of one. */
export function RetroTemplatesPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const [showArchived, setShowArchived] = useState(false);
  const [archiving, setArchiving] = useState<Archiving>(null);
  const templateAction = useRetroTemplateAction();
  const healthAction = useRetroHealthCheckAction();
  const close = () => setEditing(null);

  if (editing) {
    const title = editing.item ? `Edit ${editing.item.name}` : editing.kind === 'template' ? 'New retro template' : 'New health check';
    return (
      <section className="page template-page">
        <FocusedHeading>{title}</FocusedHeading>
        {editing.kind === 'template'
          ? <RetroTemplateForm key={editing.item?.id ?? 'new'} template={editing.item} onDone={close} onCancel={close} />
          : <RetroHealthCheckForm key={editing.item?.id ?? 'new'} check={editing.item} onDone={close} onCancel={close} />}
      </section>
    );
  }

  return (
    <TemplateListPage title="Retro templates" toggle={{ label: 'Show archived', checked: showArchived, onChange: setShowArchived }}
      intro={<p className="muted">A template gives a retro its prompts; a health check set gives it statements to rate. A retro keeps its own copy when it is created, so later edits never change it.</p>}>
      <TemplateSection id="rtt-templates" title="Templates" newLabel="New template" onNew={() => setEditing({ kind: 'template' })}>
        <Templates showArchived={showArchived} onEdit={(item) => setEditing({ kind: 'template', item })} onArchive={(item) => setArchiving({ kind: 'template', item })} />
      </TemplateSection>
      <TemplateSection id="rtt-health" title="Health check sets" newLabel="New health check" onNew={() => setEditing({ kind: 'health' })}>
        <p className="muted">Statements the team rates from 1 to 5 during a retro, to follow how it feels over time.</p>
        <HealthChecks showArchived={showArchived} onEdit={(item) => setEditing({ kind: 'health', item })} onArchive={(item) => setArchiving({ kind: 'health', item })} />
      </TemplateSection>
      {archiving && (
        <ArchiveTemplateDialog template={archiving.item} wording={{ kind: archiving.kind === 'template' ? 'template' : 'health check', archive: ARCHIVE }} onClose={() => setArchiving(null)}
          onConfirm={() => (archiving.kind === 'template' ? templateAction : healthAction).mutateAsync({ action: 'archive', id: archiving.item.id })} />
      )}
    </TemplateListPage>
  );
}

function Templates({ showArchived, onEdit, onArchive }: { showArchived: boolean; onEdit: (t: RetroTemplate) => void; onArchive: (t: RetroTemplate) => void }) {
  const { data } = useSuspenseQuery(retroTemplatesQueryOptions);
  const action = useRetroTemplateAction();
  const run = useTemplateRun(action.mutateAsync, onEdit);
  const templates = data.filter((t) => showArchived || !t.archived);
  const own = templates.filter((t) => !t.built_in).length;
  const hiddenArchived = data.filter((t) => t.archived).length;
  return (
    <>
      <TemplateCards label="Retro templates" idPrefix="rtt" items={templates} className="card-grid rtt-list" card={(t) => ({
        id: t.id, name: t.name, builtIn: t.built_in, archived: t.archived, description: t.description, createdBy: t.created_by?.full_name,
        actions: cardActions(t, action.isPending, { edit: () => onEdit(t), copy: () => void run('copy', t), restore: () => void run('restore', t), archive: () => onArchive(t) }),
        body: (
          <ul className="rtt-chips" aria-label={`Prompts of ${t.name}`}>
            {t.prompts.map((p) => (
              <li key={p.id} className="rtt-chip" style={{ background: p.colour }} title={p.description || undefined}>
                {p.title}<span className="sr-only"> ({colourName(p.colour)})</span>
              </li>
            ))}
          </ul>
        ),
      })} />
      {own === 0 && <NoOwnTemplates hidden={showArchived ? 0 : hiddenArchived} />}
    </>
  );
}

function HealthChecks({ showArchived, onEdit, onArchive }: { showArchived: boolean; onEdit: (h: RetroHealthCheck) => void; onArchive: (h: RetroHealthCheck) => void }) {
  const { data } = useSuspenseQuery(retroHealthChecksQueryOptions);
  const action = useRetroHealthCheckAction();
  const run = useTemplateRun(action.mutateAsync, onEdit);
  return (
    <TemplateCards label="Health check sets" idPrefix="rtth" items={data.filter((h) => showArchived || !h.archived)} className="card-grid rtt-list" card={(h) => ({
      id: h.id, name: h.name, builtIn: h.built_in, archived: h.archived, createdBy: h.created_by?.full_name,
      actions: cardActions(h, action.isPending, { edit: () => onEdit(h), copy: () => void run('copy', h), restore: () => void run('restore', h), archive: () => onArchive(h) }),
      body: (
        <ol className="rtt-statement-list" aria-label={`Statements of ${h.name}`}>
          {h.statements.map((s, i) => <li key={i}>{s}</li>)}
        </ol>
      ),
    })} />
  );
}
