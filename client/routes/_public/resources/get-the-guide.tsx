import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../../components/ui/states.js';

export const Route = createFileRoute('/_public/resources/get-the-guide')({
  component: GuidePage,
});

function GuidePage() {
  return (
    <section className="page narrow">
      <h1>The guide to running reviews and retros</h1>
      <EmptyState title="The guide is not available yet">
        <p>Soon you will leave your name and work email here and then read the guide to running 360 reviews, sprint retrospectives and continuous feedback with Teamlens.</p>
      </EmptyState>
    </section>
  );
}
