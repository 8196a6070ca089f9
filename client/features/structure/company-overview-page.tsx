import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { organizationQueryOptions } from '../users/api.js';
import { structureQueryOptions } from './api.js';
import { countNodes, toNodes } from './structure-nodes.js';
import './structure.css';

/** /admin/company: the organization at a glance, with the ways into structure and teams. */
export function CompanyOverviewPage() {
  const { data: org } = useSuspenseQuery(organizationQueryOptions);
  const { data } = useSuspenseQuery(structureQueryOptions);
  const counts = countNodes(toNodes(data));
  const stats: Array<[string, number]> = [
    ['People', data.structureHeadcount.people],
    ['Business units', counts.BUSINESS_UNIT],
    ['Departments', counts.DEPARTMENT],
    ['Sub-departments', counts.SUBDEPARTMENT],
    ['Without a sub-department', data.structureHeadcount.without_subdepartment],
  ];
  return (
    <section className="page">
      <h1>{org.name}</h1>
      <ul className="structure-stats" aria-label="The organization in numbers">
        {stats.map(([label, value]) => (
          <li key={label}>
            <strong>{value}</strong>
            {label}
          </li>
        ))}
      </ul>
      <ul className="card-grid" aria-label="Company pages">
        <li className="tile">
          <h2>
            <Link to="/admin/company/company-structure">Company structure</Link>
          </h2>
          <p>Add, rename and delete business units, departments and sub-departments.</p>
        </li>
        <li className="tile">
          <h2>
            <Link to="/admin/company/structure">Structure chart</Link>
          </h2>
          <p>See the whole structure with the number of people in each part.</p>
        </li>
        <li className="tile">
          <h2>
            <Link to="/admin/settings/teams">Teams</Link>
          </h2>
          <p>Create teams, choose their manager and lead, and add people.</p>
        </li>
      </ul>
    </section>
  );
}
