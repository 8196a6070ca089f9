import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/ai-assistant')({
  component: AIassistantPage,
});

function AIassistantPage() {
  return (
    <FeaturePlaceholder title="AI assistant" area="The AI assistant">
      Here admins will switch the assistant on or off and optionally connect an OpenAI-compatible endpoint; it will summarize feedback and retros with links to every source.
    </FeaturePlaceholder>
  );
}
