import { createFileRoute } from '@tanstack/react-router';
import { AssistantAdminPage } from '../../../../features/assistant/assistant-admin-page.js';

/** The assistant for admins: ask about the organization (what they may read), with their history (docs/decisions/0066). */
export const Route = createFileRoute('/_app/admin/ai-assistant/')({
  component: AssistantAdminPage,
});
