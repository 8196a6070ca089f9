import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { meQueryOptions } from '../users/api.js';
import './feedback.css';

const PAGES = [
  { to: '/continuous-feedback', label: 'My feedback' },
  { to: '/continuous-feedback/pending', label: 'Pending' },
  { to: '/continuous-feedback/team-progress', label: 'Team progress', managers: true },
  { to: '/continuous-feedback/templates', label: 'Templates' },
  { to: '/continuous-feedback/automation', label: 'Automation', managers: true },
] as const;

/** Links between the continuous-feedback pages (team progress and automation: managers and admins). */
export function FeedbackNav() {
  const me = useQuery(meQueryOptions);
  const member = !me.data || me.data.permission_level === 'MEMBER';
  return (
    <nav className="fb-nav" aria-label="Continuous feedback pages">
      <ul>
        {PAGES.filter((p) => !('managers' in p) || !member).map((p) => (
          <li key={p.to}>
            <Link to={p.to} activeOptions={{ exact: true, includeSearch: false }} activeProps={{ className: 'active', 'aria-current': 'page' }}>
              {p.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
