/** The public forms' REST endpoints (server/features/public-forms/public-forms.routes.ts). */
export type PublicFormResult = { ok: true } | { ok: false; status: number; message: string; fields: Record<string, string> };

const BASE = '/api/public';

async function postPublicForm(path: string, body: Record<string, unknown>): Promise<PublicFormResult> {
  const res = await fetch(`${BASE}/${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.ok) return { ok: true };
  const data = (await res.json().catch(() => null)) as { message?: string; fields?: Record<string, string> } | null;
  const message = res.status === 413 ? 'Your message is too long.' : (data?.message ?? 'Something went wrong. Try again.');
  return { ok: false, status: res.status, message, fields: data?.fields ?? {} };
}

export const sendContactMessage = (input: Record<string, unknown>) => postPublicForm('contact', input);
export const sendGuideLead = (input: Record<string, unknown>) => postPublicForm('guide-leads', input);

/** The shared schemas load on the first submit, not with the page. They check formats only; the server also checks the email-domain lists (docs/decisions/0061). */
export const loadContactSchema = () => import('../../../shared/public-forms.schemas.js').then((m) => m.contactMessageSchema);
export const loadGuideLeadSchema = () => import('../../../shared/public-forms.schemas.js').then((m) => m.guideLeadSchema);
