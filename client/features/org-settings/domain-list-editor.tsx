import { useId, useState } from 'react';
import { z } from 'zod';
import { domainListSchema } from '../../../shared/org.schemas.js';
import { Field } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { useUpdateOrganization } from './api.js';
import { outcomeOfError } from './org-settings-errors.js';
import './org-settings.css';

export type DomainListField = 'allowed_email_domains' | 'blocked_email_domains';

/** One entry, checked and normalised (`@Example.com` -> `example.com`) by the shared schema the server uses. */
const addDomainSchema = z.object({ domain: domainListSchema.in.element });

type Props = {
  field: DomainListField;
  title: string;
  description: string;
  /** "an allowed domain" / "a blocked domain": used in labels. */
  noun: string;
  emptyText: string;
  domains: readonly string[];
};

/** An editable list of email domains: each add or remove saves the whole list through updateOrganization. */
export function DomainListEditor({ field, title, description, noun, emptyText, domains }: Props) {
  const update = useUpdateOrganization();
  const headingId = useId();
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const form = useZodForm(addDomainSchema, async ({ domain }, element) => {
    if (domains.includes(domain)) return { fieldErrors: { domain: `${domain} is already in the list.` } };
    setRemoveError(null);
    try {
      await update.mutateAsync({ [field]: [...domains, domain] });
    } catch (error) {
      // The server names a list entry (`blocked_email_domains.3`); the only new one is the typed domain.
      return outcomeOfError(error, 'domain', () => 'domain');
    }
    element.reset();
    element.querySelector<HTMLInputElement>('input[name="domain"]')?.focus();
    showAlert(`${domain} was added to the ${title.toLowerCase()}.`, 'success');
  });

  async function remove(domain: string) {
    setRemoveError(null);
    setRemoving(domain);
    try {
      await update.mutateAsync({ [field]: domains.filter((d) => d !== domain) });
      showAlert(`${domain} was removed from the ${title.toLowerCase()}.`, 'success');
    } catch (error) {
      setRemoveError(error instanceof Error ? error.message : 'The domain could not be removed. Try again.');
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className="muted">{description}</p>
      {domains.length ? (
        <ul className="domain-list" aria-label={title}>
          {domains.map((domain) => (
            <li key={domain}>
              <span className="domain-name">{domain}</span>
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Remove ${domain}`}
                disabled={removing !== null || form.sending}
                onClick={() => void remove(domain)}
              >
                {removing === domain ? 'Removing…' : 'Remove'}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="domain-list-empty">{emptyText}</p>
      )}
      {removeError && (
        <p role="alert" className="form-error">
          {removeError}
        </p>
      )}
      <form onSubmit={form.onSubmit} noValidate className="domain-add">
        <Field
          label={`Add ${noun}`}
          name="domain"
          placeholder="example.com"
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          hint="A domain such as example.com; its subdomains count too."
          error={form.fieldErrors.domain}
        />
        {form.formError && (
          <p role="alert" className="form-error">
            {form.formError}
          </p>
        )}
        <div>
          <button type="submit" className="button" disabled={form.sending || update.isPending} aria-busy={form.sending || undefined}>
            {form.sending ? 'Adding…' : 'Add'}
          </button>
        </div>
      </form>
    </section>
  );
}
