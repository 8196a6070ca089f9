import { createFileRoute, redirect } from '@tanstack/react-router';
import { PAGE_REDIRECTS } from '../../../../shared/page-redirects.js';

/** /admin has no page of its own: it opens the admin dashboard (shared/page-redirects.ts). */
export const Route = createFileRoute('/_app/admin/')({
  beforeLoad: () => {
    throw redirect({ to: PAGE_REDIRECTS['/admin'], replace: true });
  },
});
