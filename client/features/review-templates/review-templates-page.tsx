import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/states.js';
import { REVIEW_TEMPLATE_TYPE_LABELS } from '../../../shared/review-template.schemas.js';
import { ArchiveTemplateDialog } from '../templates/template-actions.js';
import { TemplateCards, TemplateListPage } from '../templates/template-list.js';
import { CopyTemplateDialog } from './review-template-copy-dialog.js';
import { TemplateEditor } from './review-template-editor.js';
import { TemplatePreview } from './review-template-preview.js';
import { reviewTemplateQueryOptions, reviewTemplatesQueryOptions, useSetReviewTemplateArchived, type ReviewTemplateSummary } from './review-templates.api.js';
import type { ReviewTemplatesSearch } from './review-templates.search.js';
import './review-templates.css';

type Open = { kind: 'copy' | 'archive'; template: ReviewTemplateSummary } | null;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function useGo() {
  const navigate = useNavigate();
  return (search: ReviewTemplatesSearch) => void navigate({ to: '/reviews/templates', search });
}

/** /reviews/templates: the list, or the editor / preview the search names. */
export function ReviewTemplatesPage({ search }: { search: ReviewTemplatesSearch }) {
  const go = useGo();
  const back = () => go(search.archived ? { archived: true } : {});
  if (search.view === 'new') {
    return (
      <section className="page">
        <h1>New review template</h1>
        <TemplateEditor onDone={back} onCancel={back} />
      </section>
    );
  }
  if (search.id && (search.view === 'edit' || search.view === 'preview'))
    return <TemplateScreen id={search.id} view={search.view} archived={!!search.archived} />;
  return <TemplateList archived={!!search.archived} />;
}

function TemplateScreen({ id, view, archived }: { id: string; view: 'edit' | 'preview'; archived: boolean }) {
  const go = useGo();
  const { data: template } = useSuspenseQuery(reviewTemplateQueryOptions(id));
  const back = () => go(archived ? { archived: true } : {});
  if (view === 'edit' && template.can_edit) {
    return (
      <section className="page">
        <h1>Edit {template.name}</h1>
        <TemplateEditor key={template.id} template={template} onDone={back} onCancel={back} />
      </section>
    );
  }
  return (
    <section className="page">
      <div className="row-between">
        <h1>{template.name}</h1>
        <div className="rt-item-actions">
          {template.can_edit && (
            <button type="button" className="button" onClick={() => go({ view: 'edit', id, archived: archived || undefined })}>
              Edit
            </button>
          )}
          <button type="button" className="button button-ghost" onClick={back}>
            Back to templates
          </button>
        </div>
      </div>
      {view === 'edit' && (
        <p className="notice" role="status">
          {template.built_in
            ? 'Built-in templates cannot be edited. Copy this template to change it.'
            : template.archived_at
              ? 'This template is archived. Restore it to edit it.'
              : 'Only an admin or the manager who created this template can edit it.'}
        </p>
      )}
      <div className="tile">
        <TemplatePreview template={template} titled={false} />
      </div>
    </section>
  );
}

const WORDING = {
  kind: 'template',
  archive: 'It will no longer be offered for new review cycles. Cycles that already use it keep their own copy of its questions. You can restore it later.',
  restore: 'It will be offered for new review cycles again.',
};

function TemplateList({ archived }: { archived: boolean }) {
  const go = useGo();
  const { data: templates } = useSuspenseQuery(reviewTemplatesQueryOptions(archived));
  const setArchived = useSetReviewTemplateArchived();
  const [open, setOpen] = useState<Open>(null);
  const view = (v: 'edit' | 'preview', t: ReviewTemplateSummary) => go({ view: v, id: t.id, archived: archived || undefined });
  return (
    <TemplateListPage
      title="Review templates"
      action={
        <button type="button" className="button" onClick={() => go({ view: 'new', archived: archived || undefined })}>
          New template
        </button>
      }
      intro={
        <p className="muted">
          Templates are the questions of a review. A review cycle copies its template's questions when it starts, so later edits never change a running cycle.
        </p>
      }
      toggle={{ label: 'Show archived templates', checked: archived, onChange: (checked) => go(checked ? { archived: true } : {}) }}
    >
      {templates.length === 0 ? (
        <EmptyState title="No templates">
          <p>Create a template to start, or show archived templates to restore one.</p>
        </EmptyState>
      ) : (
        <TemplateCards
          label="Review templates"
          idPrefix="rt"
          heading={2}
          items={templates}
          className="card-grid rt-list"
          card={(t) => ({
            id: t.id,
            name: t.name,
            builtIn: t.built_in,
            archived: !!t.archived_at,
            description: t.description,
            createdBy: t.created_by?.full_name,
            badges: <span className="rt-badge rt-badge-type">{REVIEW_TEMPLATE_TYPE_LABELS[t.review_type]}</span>,
            body: (
              <p data-testid="rt-counts">
                {plural(t.question_count, 'question')} in {plural(t.section_count, 'section')}
              </p>
            ),
            actions: [
              { label: 'Preview', tone: 'secondary', onClick: () => view('preview', t) },
              ...(t.can_edit ? [{ label: 'Edit', tone: 'primary' as const, onClick: () => view('edit', t) }] : []),
              { label: 'Copy', tone: 'secondary', onClick: () => setOpen({ kind: 'copy', template: t }) },
              ...(t.can_archive
                ? [{ label: t.archived_at ? 'Restore' : 'Archive', tone: 'ghost' as const, onClick: () => setOpen({ kind: 'archive', template: t }) }]
                : []),
            ],
          })}
        />
      )}
      {open?.kind === 'copy' && (
        <CopyTemplateDialog template={open.template} onClose={() => setOpen(null)} onCopied={(copy) => go({ view: 'edit', id: copy.id })} />
      )}
      {open?.kind === 'archive' && (
        <ArchiveTemplateDialog
          template={open.template}
          archiving={!open.template.archived_at}
          wording={WORDING}
          onClose={() => setOpen(null)}
          onConfirm={() => setArchived.mutateAsync({ id: open.template.id, archived: !open.template.archived_at })}
        />
      )}
    </TemplateListPage>
  );
}
