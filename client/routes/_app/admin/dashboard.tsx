import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/dashboard')({
  component: AdmindashboardPage,
});

function AdmindashboardPage() {
  return (
    <FeaturePlaceholder title="Admin dashboard" area="The admin dashboard">
      Here you will see headcount, pending invitations, recent sign-ins and engagement.
    </FeaturePlaceholder>
  );
}
