import type { ReactNode } from 'react';
import { EmptyState } from './ui/states.js';

/** An honest empty state for a feature area whose screens are not built yet. */
export function FeaturePlaceholder({ title, area, children }: { title: string; area: string; children: ReactNode }) {
  return (
    <section className="page">
      <h1>{title}</h1>
      <EmptyState title={`${area} is not available yet`}>
        <p>{children}</p>
        <p className="muted">Nothing is shown here until this part of Teamlens is built; no sample data is made up.</p>
      </EmptyState>
    </section>
  );
}
