import { EmptyState } from '../../components/ui/states.js';

/** Nobody in the organization yet, or nobody matching the search and filters. */
export function AdminUsersEmpty({ anyone, onClear }: { anyone: boolean; onClear: () => void }) {
  if (!anyone) {
    return (
      <EmptyState title="No users yet">
        <p>Import people from a CSV file to fill your organization.</p>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No one matches">
      <p>Nobody matches this search and these filters.</p>
      <button type="button" className="button button-secondary button-small" onClick={onClear}>
        Clear search and filters
      </button>
    </EmptyState>
  );
}
