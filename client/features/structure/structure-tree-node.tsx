import { useRef, useState } from 'react';
import { showAlert } from '../../lib/alerts.js';
import { useStructureChange } from './api.js';
import { StructureDeleteDialog } from './structure-delete-dialog.js';
import { StructureNameForm } from './structure-name-form.js';
import { CHILD_LEVEL, LEVEL_LABEL, people, type StructureNode } from './structure-nodes.js';

type Mode = 'view' | 'rename' | 'add' | 'delete';

/** One editable node: its name and headcount, rename inline, add a child, delete with a confirmation; children below. */
export function StructureTreeNode({ node }: { node: StructureNode }) {
  const change = useStructureChange();
  const [mode, setMode] = useState<Mode>('view');
  const renameButton = useRef<HTMLButtonElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const childLevel = CHILD_LEVEL[node.level];
  const done = (focus: React.RefObject<HTMLButtonElement | null>) => {
    setMode('view');
    requestAnimationFrame(() => focus.current?.focus());
  };
  const headingId = `node-${node.id}`;

  return (
    <li className={`structure-node structure-${node.level.toLowerCase()}`}>
      <div className="structure-row">
        {mode === 'rename' ? (
          <StructureNameForm
            label={`New name for ${node.name}`}
            defaultValue={node.name}
            submitText="Save"
            onCancel={() => done(renameButton)}
            onSave={async (name) => {
              await change.mutateAsync({ op: 'rename', level: node.level, id: node.id, name });
              showAlert(`Renamed to ${name}.`, 'success');
              done(renameButton);
            }}
          />
        ) : (
          <>
            <span className="structure-name" id={headingId}>
              {node.name}
            </span>
            <span className="structure-meta">
              {LEVEL_LABEL[node.level]} · {people(node.headcount)}
            </span>
            <span className="structure-actions">
              {childLevel && (
                <button
                  ref={addButton}
                  type="button"
                  className="button button-ghost button-small"
                  onClick={() => setMode('add')}
                  aria-label={`Add ${LEVEL_LABEL[childLevel]} to ${node.name}`}
                >
                  Add {LEVEL_LABEL[childLevel]}
                </button>
              )}
              <button
                ref={renameButton}
                type="button"
                className="button button-ghost button-small"
                onClick={() => setMode('rename')}
                aria-label={`Rename ${node.name}`}
              >
                Rename
              </button>
              <button
                type="button"
                className="button button-ghost button-small structure-danger-text"
                onClick={() => setMode('delete')}
                aria-label={`Delete ${node.name}`}
              >
                Delete
              </button>
            </span>
          </>
        )}
      </div>
      {(node.children.length > 0 || mode === 'add') && (
        <ul className="structure-children" aria-label={`Inside ${node.name}`}>
          {node.children.map((child) => (
            <StructureTreeNode key={child.id} node={child} />
          ))}
          {mode === 'add' && childLevel && (
            <li className="structure-node">
              <StructureNameForm
                label={`Name of the new ${LEVEL_LABEL[childLevel]} in ${node.name}`}
                submitText="Add"
                onCancel={() => done(addButton)}
                onSave={async (name) => {
                  await change.mutateAsync({ op: 'create', level: childLevel, parentId: node.id, name });
                  showAlert(`${name} was added to ${node.name}.`, 'success');
                  done(addButton);
                }}
              />
            </li>
          )}
        </ul>
      )}
      {mode === 'delete' && <StructureDeleteDialog node={node} onClose={() => setMode('view')} />}
    </li>
  );
}
