import { createFileRoute, redirect } from '@tanstack/react-router';

/** /admin has no page of its own: it opens the admin dashboard. */
export const Route = createFileRoute('/_app/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard', replace: true });
  },
});
