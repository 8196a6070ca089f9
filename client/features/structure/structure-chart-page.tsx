import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../components/ui/states.js';
import { structureQueryOptions } from './api.js';
import { people, toNodes, type StructureNode } from './structure-nodes.js';
import './structure.css';

/** A headcount bar, relative to the organization; the number is the text beside it. */
function Bar({ count, total }: { count: number; total: number }) {
  const width = total ? Math.round((count / total) * 100) : 0;
  // A span (it sits in a heading and a <strong>), shown as a block by structure.css: an inline box would ignore its height.
  return (
    <span className="structure-bar" aria-hidden="true">
      <span style={{ width: `${width}%` }} data-mark="" />
    </span>
  );
}

function Line({ node, total }: { node: StructureNode; total: number }) {
  return (
    <>
      <span className="structure-chart-line">
        <span>{node.name}</span>
        <span>{people(node.headcount)}</span>
      </span>
      <Bar count={node.headcount} total={total} />
    </>
  );
}

/** /admin/company/structure: the read-only chart of the structure with headcounts per node. */
export function StructureChartPage() {
  const { data } = useSuspenseQuery(structureQueryOptions);
  const nodes = toNodes(data);
  const { people: total, without_subdepartment: without } = data.structureHeadcount;
  return (
    <section className="page">
      <h1>Structure chart</h1>
      <p className="muted">
        {people(total)} in the organization; {people(without)} without a sub-department. <Link to="/admin/company/company-structure">Edit the structure</Link>
      </p>
      {nodes.length === 0 ? (
        <EmptyState title="No structure yet">
          <p>
            Add business units, departments and sub-departments on the <Link to="/admin/company/company-structure">company structure</Link> page.
          </p>
        </EmptyState>
      ) : (
        <ul className="structure-chart" aria-label="Business units">
          {nodes.map((unit) => (
            <li key={unit.id} className="tile structure-chart-unit" data-chart="" data-chart-empty={unit.headcount === 0 ? '' : undefined}>
              <h2>
                <span>{unit.name}</span>
                <span className="muted">{people(unit.headcount)}</span>
              </h2>
              <Bar count={unit.headcount} total={total} />
              {unit.children.length === 0 ? (
                <p className="muted">No departments yet.</p>
              ) : (
                <ul aria-label={`Departments of ${unit.name}`}>
                  {unit.children.map((dept) => (
                    <li key={dept.id} className="structure-chart-dept">
                      <strong>
                        <Line node={dept} total={total} />
                      </strong>
                      {dept.children.length > 0 && (
                        <ul className="structure-chart-subs" aria-label={`Sub-departments of ${dept.name}`}>
                          {dept.children.map((sub) => (
                            <li key={sub.id}>
                              <Line node={sub} total={total} />
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
