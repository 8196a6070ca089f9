import type { ReactNode } from 'react';
import type { Team } from '../teams/api.js';

/** The teams a person automates: all for admins, else those they manage or lead (the server refuses the rest). */
export function automatedTeams(teams: Team[], me: { id: string; permission_level: string }): Team[] {
  return me.permission_level === 'ADMIN' ? teams : teams.filter((t) => t.manager?.id === me.id || t.team_lead?.id === me.id);
}

/** An automation screen this person may not use: why, and where to go instead. */
export function AutomationNotAllowed({ why, link }: { why: string; link: ReactNode }) {
  return (
    <div className="state-card" role="alert">
      <h1>Not allowed</h1>
      <p>{why}</p>
      {link}
    </div>
  );
}
