import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { EmptyState } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { structureQueryOptions, useStructureChange } from './api.js';
import { StructureNameForm } from './structure-name-form.js';
import { toNodes } from './structure-nodes.js';
import { StructureTreeNode } from './structure-tree-node.js';
import './structure.css';

/** /admin/company/company-structure: the editable tree of business units > departments > sub-departments. */
export function StructureEditorPage() {
  const { data } = useSuspenseQuery(structureQueryOptions);
  const change = useStructureChange();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const nodes = toNodes(data);
  const stopAdding = () => {
    setAdding(false);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <section className="page">
      <div className="row-between">
        <h1>Company structure</h1>
        <button ref={addButton} type="button" className="button" onClick={() => setAdding(true)} disabled={adding}>
          Add business unit
        </button>
      </div>
      <p className="muted">
        Business units hold departments, departments hold sub-departments, and people belong to one sub-department (set it on the{' '}
        <Link to="/admin/settings/users">Users</Link> page). A part of the structure can be deleted once it is empty. See the{' '}
        <Link to="/admin/company/structure">structure chart</Link> for headcounts at a glance.
      </p>
      {adding && (
        <div className="structure-add-root">
          <StructureNameForm
            label="Name of the new business unit"
            submitText="Add"
            onCancel={stopAdding}
            onSave={async (name) => {
              await change.mutateAsync({ op: 'create', level: 'BUSINESS_UNIT', name });
              showAlert(`${name} was added.`, 'success');
              stopAdding();
            }}
          />
        </div>
      )}
      {nodes.length === 0 && !adding ? (
        <EmptyState title="No structure yet">
          <p>Add a business unit first, then departments inside it and sub-departments inside those.</p>
        </EmptyState>
      ) : (
        <ul className="structure-tree" aria-label="Company structure">
          {nodes.map((node) => (
            <StructureTreeNode key={node.id} node={node} />
          ))}
        </ul>
      )}
    </section>
  );
}
