import { useState } from 'react';
import { Field } from '../../components/ui/field.js';
import { RETRO_LIMITS, retroHealthCheckInputSchema } from '../../../shared/retros.js';
import { TemplateForm, useTemplateForm } from '../templates/template-form.js';
import { TextListEditor, textItem, type TextItem } from '../templates/template-text-list.js';
import { useSaveRetroHealthCheck, type RetroHealthCheck } from './retro-templates.api.js';

type Props = { check?: RetroHealthCheck | undefined; onDone: (saved: RetroHealthCheck) => void; onCancel: () => void };

/** Creates or edits a health check set (features/templates): a name and 1-12 statements people rate from 1 to 5. */
export function RetroHealthCheckForm({ check, onDone, onCancel }: Props) {
  const [name, setName] = useState(check?.name ?? '');
  const [statements, setStatements] = useState<TextItem[]>(() => (check ? check.statements.map(textItem) : [textItem('')]));
  const save = useSaveRetroHealthCheck();
  const form = useTemplateForm({
    schema: retroHealthCheckInputSchema,
    input: { name, statements: statements.map((s) => s.text) },
    version: check?.version,
    onDone,
    guardLeaving: false,
    save: (input, baseVersion) => save.mutateAsync({ id: check?.id ?? null, input, baseVersion }),
  });
  return (
    <TemplateForm form={form} className="rtt-form" label={check ? `Edit ${check.name}` : 'New health check'} saveLabel="Save health check" onCancel={onCancel}>
      <div className="tile rtt-details">
        <Field
          label="Name"
          name="name"
          value={name}
          maxLength={RETRO_LIMITS.templateNameMax}
          onChange={(e) => setName(e.target.value)}
          error={form.errors.name}
        />
      </div>
      <h2 className="rtt-subtitle">Statements</h2>
      <p className="muted">
        People rate each statement from 1 (strongly disagree) to 5 (strongly agree); only averages of at least {RETRO_LIMITS.healthMinAnswers} answers are
        shown.
      </p>
      <TextListEditor
        form={form}
        items={statements}
        onChange={setStatements}
        name="statements"
        noun="statement"
        label="Statements"
        max={RETRO_LIMITS.healthStatementsMax}
        maxLength={RETRO_LIMITS.healthStatementMax}
        addId="rtt-add-statement"
        listClassName="rtt-statements"
        itemClassName="rtt-statement"
      />
    </TemplateForm>
  );
}
