import { formatDateTime } from '../../../shared/format.js';
import type { JobContext } from '../../jobs/jobs.scheduler.js';
import type { Services } from '../../services.js';
import { notify, type Reader } from '../notifications/notifications.deliver.js';
import { findTeamById } from '../teams/teams.repo.js';
import { findUsersByIds, listUsersByTeamIds } from '../users/users.repo.js';
import { findRetroById } from './retros.repo.js';
import { openInReflect } from './retros.automation.phases.js';
import { scheduleRetroDeadlines } from './retros.automation.deadlines.js';

export const retroLink = (id: string) => `/professional-development/sprint-retro/review/${id}`;

/** Who hears of a team's new retro: its active members, its manager and its lead. */
export function teamAudience(services: Services, orgId: string, teamId: string): string[] {
  const team = findTeamById(services.db, orgId, teamId);
  const leads = findUsersByIds(
    services.db,
    orgId,
    [team?.manager_id, team?.team_lead_id].filter((id): id is string => !!id),
  );
  const ids = new Set<string>();
  for (const u of [...listUsersByTeamIds(services.db, orgId, [teamId]), ...leads]) if (u.status !== 'DEACTIVATED' && !u.deleted_at) ids.add(u.id);
  return [...ids];
}

/**
 * The follow-up of a retro a rule created (job `retros.automation.open`, keyed by the retro): an async
 * retro opens at once in REFLECT (through the phases before it) with its deadline jobs; then the team
 * is told. Safe to run again: moves check the current phase; notifications are at-least-once.
 */
export async function openAutomatedRetro(services: Services, retroId: string, _ctx: Pick<JobContext, 'now'>): Promise<void> {
  const first = findRetroById(services.db, retroId);
  if (!first) return;
  if (first.reflect_deadline && first.phase === 'SCHEDULED') openInReflect(services, first);
  const retro = findRetroById(services.db, retroId);
  if (!retro) return;
  scheduleRetroDeadlines(services, retro);
  // The retro is named in the body: a team's retros are read by the team and admins, titles reach a Slack channel (docs/decisions/0055).
  // Its times are each reader's own (their profile time zone, else UTC said as such: docs/decisions/0070).
  const body = ({ time_zone: zone }: Reader) =>
    `${retro.title}: ` +
    (retro.reflect_deadline
      ? `write your reflections by ${formatDateTime(retro.reflect_deadline, zone)}${retro.vote_deadline ? `; voting closes ${formatDateTime(retro.vote_deadline, zone)}` : ''}.`
      : `it is planned for ${formatDateTime(retro.scheduled_at, zone)}.`);
  await notify(services, {
    organizationId: retro.organization_id,
    userIds: teamAudience(services, retro.organization_id, retro.team_id),
    kind: 'retro_started',
    private: false,
    title: 'A retro of your team starts',
    body,
    link: retroLink(retro.id),
  });
}
