import { useSuspenseQuery } from '@tanstack/react-query';
import { AlertDialog } from '../../components/ui/dialog.js';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { FeedbackNav } from './feedback-nav.js';
import { FeedbackTagsAdmin } from './feedback-tags-admin.js';
import { FeedbackTemplateForm } from './feedback-template-form.js';
import { feedbackTemplatesQueryOptions, useFeedbackTemplateAction } from './feedback-templates.api.js';
import type { FeedbackTemplate } from './feedback.types.js';
import '../review-templates/review-templates.css';
import './feedback-requests.css';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

/** /continuous-feedback/templates: request templates (or the form of one), then the organization's values and competencies. */
export function FeedbackTemplatesPage() {
  const [editing, setEditing] = useState<{ item?: FeedbackTemplate } | null>(null);
  const [archiving, setArchiving] = useState<FeedbackTemplate | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const close = () => setEditing(null);

  if (editing) {
    return (
      <section className="page ft-page">
        <FocusedHeading>{editing.item ? `Edit ${editing.item.name}` : 'New feedback template'}</FocusedHeading>
        <FeedbackTemplateForm key={editing.item?.id ?? 'new'} template={editing.item} onDone={close} onCancel={close} />
      </section>
    );
  }
  return (
    <section className="page ft-page">
      <FeedbackNav />
      <FocusedHeading focus={false}>Feedback templates</FocusedHeading>
      <p className="muted">A template is a set of questions for feedback requests. A request keeps its own copy of the questions, so later edits never change requests already sent.</p>
      <label className="checkbox">
        <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />
        Show archived
      </label>
      <TemplateList showArchived={showArchived} onEdit={(item) => setEditing({ item })} onArchive={setArchiving} />
      <FeedbackTagsAdmin showArchived={showArchived} />
      {archiving && <ArchiveDialog template={archiving} onClose={() => setArchiving(null)} />}
    </section>
  );
}

function FocusedHeading({ children, focus = true }: { children: string; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => { if (focus) ref.current?.focus(); }, [focus]);
  return <h1 ref={ref} tabIndex={-1}>{children}</h1>;
}

function TemplateList({ showArchived, onEdit, onArchive }: { showArchived: boolean; onEdit: (t?: FeedbackTemplate) => void; onArchive: (t: FeedbackTemplate) => void }) {
  const { data } = useSuspenseQuery(feedbackTemplatesQueryOptions);
  const action = useFeedbackTemplateAction();
  const templates = [...data].filter((t) => showArchived || !t.archived).sort((a, b) => Number(b.built_in) - Number(a.built_in));
  const own = templates.filter((t) => !t.built_in).length;
  const hidden = data.filter((t) => t.archived).length;

  async function run(kind: 'copy' | 'restore', t: FeedbackTemplate) {
    try {
      const result = await action.mutateAsync({ action: kind, id: t.id });
      if (kind === 'copy') {
        showAlert(`${result.name} was created. Edit it below.`, 'success');
        onEdit(result);
      } else showAlert(`${result.name} was restored.`, 'success');
    } catch (err) {
      showAlert(messageOf(err), 'error');
    }
  }

  return (
    <section className="ft-section" aria-labelledby="ft-templates">
      <div className="row-between">
        <h2 id="ft-templates">Templates</h2>
        <button type="button" className="button" onClick={() => onEdit()}>New template</button>
      </div>
      <ul className="card-grid ft-list" aria-label="Feedback templates">
        {templates.map((t) => (
          <li key={t.id} className="tile rt-card" aria-labelledby={`ft-${t.id}`}>
            <h3 id={`ft-${t.id}`}>{t.name}</h3>
            {(t.built_in || t.archived) && (
              <p className="rt-badges">
                {t.built_in && <span className="rt-badge">Built-in</span>}
                {t.archived && <span className="rt-badge rt-badge-archived">Archived</span>}
              </p>
            )}
            {t.description && <p className="muted">{t.description}</p>}
            <ol className="ft-question-list" aria-label={`Questions of ${t.name}`}>
              {t.questions.map((q, i) => <li key={i}>{q}</li>)}
            </ol>
            {t.created_by && <p className="muted">Created by {t.created_by.full_name}</p>}
            <div className="rt-item-actions">
              {t.can_manage && !t.archived && <button type="button" className="button button-small" onClick={() => onEdit(t)} aria-label={`Edit ${t.name}`}>Edit</button>}
              <button type="button" className="button button-secondary button-small" disabled={action.isPending} onClick={() => void run('copy', t)} aria-label={`Copy ${t.name}`}>Copy</button>
              {t.can_manage && (t.archived
                ? <button type="button" className="button button-ghost button-small" disabled={action.isPending} onClick={() => void run('restore', t)} aria-label={`Restore ${t.name}`}>Restore</button>
                : <button type="button" className="button button-ghost button-small" onClick={() => onArchive(t)} aria-label={`Archive ${t.name}`}>Archive</button>)}
            </div>
          </li>
        ))}
      </ul>
      {own === 0 && (
        <EmptyState title="No templates of your own yet">
          <p>Copy a built-in template to adapt it, or create a new one.{!showArchived && hidden > 0 ? ` ${hidden} archived ${hidden === 1 ? 'template is' : 'templates are'} hidden.` : ''}</p>
        </EmptyState>
      )}
    </section>
  );
}

function ArchiveDialog({ template, onClose }: { template: FeedbackTemplate; onClose: () => void }) {
  const action = useFeedbackTemplateAction();
  async function confirm() {
    try {
      await action.mutateAsync({ action: 'archive', id: template.id });
      showAlert(`${template.name} was archived.`, 'success');
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
          <AlertDialog.Title>Archive {template.name}?</AlertDialog.Title>
          <AlertDialog.Description>
            It will no longer be offered for new requests or automations. Requests already sent keep their questions. You can restore it later.
          </AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button button-secondary">Cancel</AlertDialog.Cancel>
            <button type="button" className="button" disabled={action.isPending} onClick={() => void confirm()}>{action.isPending ? 'Archiving…' : 'Archive template'}</button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
