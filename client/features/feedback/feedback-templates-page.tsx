import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ArchiveTemplateDialog, CopyableTemplateCards, templateRunner } from '../templates/template-actions.js';
import { FocusedHeading, TemplateListPage, TemplateSection } from '../templates/template-list.js';
import { FeedbackNav } from './feedback-nav.js';
import { FeedbackTagsAdmin } from './feedback-tags-admin.js';
import { FeedbackTemplateForm } from './feedback-template-form.js';
import { feedbackTemplatesQueryOptions, useFeedbackTemplateAction } from './feedback-templates.api.js';
import type { FeedbackTemplate } from './feedback.types.js';
import './feedback-requests.css';

const ARCHIVE = 'It will no longer be offered for new requests or automations. Requests already sent keep their questions. You can restore it later.';

/** /continuous-feedback/templates: request templates (features/templates, or the form of one), then the organization's values and competencies. */
export function FeedbackTemplatesPage() {
  const [editing, setEditing] = useState<{ item?: FeedbackTemplate } | null>(null);
  const [archiving, setArchiving] = useState<FeedbackTemplate | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const action = useFeedbackTemplateAction();
  const close = () => setEditing(null);

  if (editing) {
    return (
      <section className="page template-page">
        <FocusedHeading>{editing.item ? `Edit ${editing.item.name}` : 'New feedback template'}</FocusedHeading>
        <FeedbackTemplateForm key={editing.item?.id ?? 'new'} template={editing.item} onDone={close} onCancel={close} />
      </section>
    );
  }
  return (
    <TemplateListPage
      before={<FeedbackNav />}
      title="Feedback templates"
      toggle={{ label: 'Show archived', checked: showArchived, onChange: setShowArchived }}
      intro={
        <p className="muted">
          A template is a set of questions for feedback requests. A request keeps its own copy of the questions, so later edits never change requests already
          sent.
        </p>
      }
    >
      <TemplateSection id="ft-templates" title="Templates" newLabel="New template" onNew={() => setEditing({})}>
        <TemplateList showArchived={showArchived} onEdit={(item) => setEditing({ item })} onArchive={setArchiving} />
      </TemplateSection>
      <FeedbackTagsAdmin showArchived={showArchived} />
      {archiving && (
        <ArchiveTemplateDialog
          template={archiving}
          wording={{ kind: 'template', archive: ARCHIVE }}
          onClose={() => setArchiving(null)}
          onConfirm={() => action.mutateAsync({ action: 'archive', id: archiving.id })}
        />
      )}
    </TemplateListPage>
  );
}

function TemplateList({
  showArchived,
  onEdit,
  onArchive,
}: {
  showArchived: boolean;
  onEdit: (t: FeedbackTemplate) => void;
  onArchive: (t: FeedbackTemplate) => void;
}) {
  const { data } = useSuspenseQuery(feedbackTemplatesQueryOptions);
  const action = useFeedbackTemplateAction();
  const templates = [...data].sort((a, b) => Number(b.built_in) - Number(a.built_in));
  return (
    <CopyableTemplateCards
      label="Feedback templates"
      idPrefix="ft"
      className="card-grid ft-list"
      items={templates}
      showArchived={showArchived}
      sayWhenNoneOwn
      busy={action.isPending}
      run={templateRunner(action.mutateAsync, onEdit)}
      onEdit={onEdit}
      onArchive={onArchive}
      body={(t) => (
        <ol className="ft-question-list" aria-label={`Questions of ${t.name}`}>
          {t.questions.map((q, i) => (
            <li key={i}>{q}</li>
          ))}
        </ol>
      )}
    />
  );
}
