import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/states.js';
import { REVIEW_TEMPLATE_TYPE_LABELS } from '../../../shared/review-template.schemas.js';
import { ArchiveTemplateDialog, CopyTemplateDialog } from './review-template-dialogs.js';
import { TemplateEditor } from './review-template-editor.js';
import { TemplatePreview } from './review-template-preview.js';
import { reviewTemplateQueryOptions, reviewTemplatesQueryOptions, type ReviewTemplateSummary } from './review-templates.api.js';
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
  if (search.id && (search.view === 'edit' || search.view === 'preview')) return <TemplateScreen id={search.id} view={search.view} archived={!!search.archived} />;
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
          {template.can_edit && <button type="button" className="button" onClick={() => go({ view: 'edit', id, archived: archived || undefined })}>Edit</button>}
          <button type="button" className="button button-ghost" onClick={back}>Back to templates</button>
        </div>
      </div>
      {view === 'edit' && (
        <p className="notice" role="status">
          {template.built_in ? 'Built-in templates cannot be edited. Copy this template to change it.' : template.archived_at ? 'This template is archived. Restore it to edit it.' : 'Only an admin or the manager who created this template can edit it.'}
        </p>
      )}
      <div className="tile"><TemplatePreview template={template} titled={false} /></div>
    </section>
  );
}

function TemplateList({ archived }: { archived: boolean }) {
  const go = useGo();
  const { data: templates } = useSuspenseQuery(reviewTemplatesQueryOptions(archived));
  const [open, setOpen] = useState<Open>(null);
  return (
    <section className="page">
      <div className="row-between">
        <h1>Review templates</h1>
        <button type="button" className="button" onClick={() => go({ view: 'new', archived: archived || undefined })}>New template</button>
      </div>
      <p className="muted">Templates are the questions of a review. A review cycle copies its template's questions when it starts, so later edits never change a running cycle.</p>
      <label className="checkbox">
        <input type="checkbox" checked={archived} onChange={(e) => go(e.target.checked ? { archived: true } : {})} />
        Show archived templates
      </label>
      {templates.length === 0 ? (
        <EmptyState title="No templates"><p>Create a template to start, or show archived templates to restore one.</p></EmptyState>
      ) : (
        <ul className="card-grid rt-list" aria-label="Review templates">
          {templates.map((t) => (
            <li key={t.id} className="tile rt-card" aria-labelledby={`rt-${t.id}`}>
              <h2 id={`rt-${t.id}`}>{t.name}</h2>
              <p className="rt-badges">
                {t.built_in && <span className="rt-badge">Built-in</span>}
                <span className="rt-badge rt-badge-type">{REVIEW_TEMPLATE_TYPE_LABELS[t.review_type]}</span>
                {t.archived_at && <span className="rt-badge rt-badge-archived">Archived</span>}
              </p>
              {t.description && <p className="muted rt-description">{t.description}</p>}
              <p data-testid="rt-counts">{plural(t.question_count, 'question')} in {plural(t.section_count, 'section')}</p>
              {t.created_by && <p className="muted">Created by {t.created_by.full_name}</p>}
              <div className="rt-item-actions">
                <button type="button" className="button button-secondary button-small" onClick={() => go({ view: 'preview', id: t.id, archived: archived || undefined })} aria-label={`Preview ${t.name}`}>Preview</button>
                {t.can_edit && <button type="button" className="button button-small" onClick={() => go({ view: 'edit', id: t.id, archived: archived || undefined })} aria-label={`Edit ${t.name}`}>Edit</button>}
                <button type="button" className="button button-secondary button-small" onClick={() => setOpen({ kind: 'copy', template: t })} aria-label={`Copy ${t.name}`}>Copy</button>
                {t.can_archive && (
                  <button type="button" className="button button-ghost button-small" onClick={() => setOpen({ kind: 'archive', template: t })} aria-label={`${t.archived_at ? 'Restore' : 'Archive'} ${t.name}`}>
                    {t.archived_at ? 'Restore' : 'Archive'}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {open?.kind === 'copy' && <CopyTemplateDialog template={open.template} onClose={() => setOpen(null)} onCopied={(copy) => go({ view: 'edit', id: copy.id })} />}
      {open?.kind === 'archive' && <ArchiveTemplateDialog template={open.template} onClose={() => setOpen(null)} />}
    </section>
  );
}
