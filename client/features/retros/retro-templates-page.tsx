import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ArchiveTemplateDialog, CopyableTemplateCards, templateRunner } from '../templates/template-actions.js';
import { FocusedHeading, TemplateListPage, TemplateSection } from '../templates/template-list.js';
import { RetroHealthCheckForm } from './retro-health-check-form.js';
import { RetroTemplateForm, colourName } from './retro-template-form.js';
import {
  retroHealthChecksQueryOptions,
  retroTemplatesQueryOptions,
  useRetroHealthCheckAction,
  useRetroTemplateAction,
  type RetroHealthCheck,
  type RetroTemplate,
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
        {editing.kind === 'template' ? (
          <RetroTemplateForm key={editing.item?.id ?? 'new'} template={editing.item} onDone={close} onCancel={close} />
        ) : (
          <RetroHealthCheckForm key={editing.item?.id ?? 'new'} check={editing.item} onDone={close} onCancel={close} />
        )}
      </section>
    );
  }

  return (
    <TemplateListPage
      title="Retro templates"
      toggle={{ label: 'Show archived', checked: showArchived, onChange: setShowArchived }}
      intro={
        <p className="muted">
          A template gives a retro its prompts; a health check set gives it statements to rate. A retro keeps its own copy when it is created, so later edits
          never change it.
        </p>
      }
    >
      <TemplateSection id="rtt-templates" title="Templates" newLabel="New template" onNew={() => setEditing({ kind: 'template' })}>
        <Templates
          showArchived={showArchived}
          onEdit={(item) => setEditing({ kind: 'template', item })}
          onArchive={(item) => setArchiving({ kind: 'template', item })}
        />
      </TemplateSection>
      <TemplateSection id="rtt-health" title="Health check sets" newLabel="New health check" onNew={() => setEditing({ kind: 'health' })}>
        <p className="muted">Statements the team rates from 1 to 5 during a retro, to follow how it feels over time.</p>
        <HealthChecks
          showArchived={showArchived}
          onEdit={(item) => setEditing({ kind: 'health', item })}
          onArchive={(item) => setArchiving({ kind: 'health', item })}
        />
      </TemplateSection>
      {archiving && (
        <ArchiveTemplateDialog
          template={archiving.item}
          wording={{ kind: archiving.kind === 'template' ? 'template' : 'health check', archive: ARCHIVE }}
          onClose={() => setArchiving(null)}
          onConfirm={() => (archiving.kind === 'template' ? templateAction : healthAction).mutateAsync({ action: 'archive', id: archiving.item.id })}
        />
      )}
    </TemplateListPage>
  );
}

function Templates({ showArchived, onEdit, onArchive }: { showArchived: boolean; onEdit: (t: RetroTemplate) => void; onArchive: (t: RetroTemplate) => void }) {
  const { data } = useSuspenseQuery(retroTemplatesQueryOptions);
  const action = useRetroTemplateAction();
  return (
    <CopyableTemplateCards
      label="Retro templates"
      idPrefix="rtt"
      className="card-grid rtt-list"
      items={data}
      showArchived={showArchived}
      sayWhenNoneOwn
      busy={action.isPending}
      run={templateRunner(action.mutateAsync, onEdit)}
      onEdit={onEdit}
      onArchive={onArchive}
      body={(t) => (
        <ul className="rtt-chips" aria-label={`Prompts of ${t.name}`}>
          {t.prompts.map((p) => (
            <li key={p.id} className="rtt-chip" style={{ background: p.colour }} title={p.description || undefined}>
              {p.title}
              <span className="sr-only"> ({colourName(p.colour)})</span>
            </li>
          ))}
        </ul>
      )}
    />
  );
}

function HealthChecks({
  showArchived,
  onEdit,
  onArchive,
}: {
  showArchived: boolean;
  onEdit: (h: RetroHealthCheck) => void;
  onArchive: (h: RetroHealthCheck) => void;
}) {
  const { data } = useSuspenseQuery(retroHealthChecksQueryOptions);
  const action = useRetroHealthCheckAction();
  return (
    <CopyableTemplateCards
      label="Health check sets"
      idPrefix="rtth"
      className="card-grid rtt-list"
      items={data}
      showArchived={showArchived}
      busy={action.isPending}
      run={templateRunner(action.mutateAsync, onEdit)}
      onEdit={onEdit}
      onArchive={onArchive}
      body={(h) => (
        <ol className="rtt-statement-list" aria-label={`Statements of ${h.name}`}>
          {h.statements.map((s, i) => (
            <li key={i}>{s}</li>
          ))}
        </ol>
      )}
    />
  );
}
