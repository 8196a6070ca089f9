import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.js';
import type { Services } from '../../services.js';
import { notify } from '../notifications/notifications.deliver.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { findUsersByIds } from '../users/users.repo.js';
import { retroPath } from './retros.actions.js';
import { listActionItemsOfRetros } from './retros.actions.repo.js';
import { onRetroPhase } from './retros.live.js';
import type { RetroPart } from './retros.part.js';
import { findRetro } from './retros.repo.js';
import { retroExportRoutes } from './retros.summary.export.js';
import { participantIds } from './retros.meeting.repo.js';
import { topicsByVotes } from './retros.summary.repo.js';
import { formatDay } from '../../../shared/format.js';

export const RETRO_SUMMARY_NOTIFY_KIND = 'retros.summary.notify';
type SummaryPayload = { retroId: string };

// Ending a retro queues its summary notification in the same transaction (one per retro: the
// unique key); the job delivers it after the commit.
onRetroPhase(({ services, organizationId, retroId, to }) => {
  if (to !== 'SUMMARY') return;
  services.scheduler.enqueue({ kind: RETRO_SUMMARY_NOTIFY_KIND, uniqueKey: `retro:${retroId}`, organizationId, payload: { retroId } satisfies SummaryPayload });
});

const quote = (s: string, max = 120) => `“${s.length > max ? `${s.slice(0, max - 1)}…` : s}”`;

/**
 * The summary's words: topics by votes, then action items with their owners and due dates. It names
 * no author of any reflection (in anonymous retros nothing could; in signed ones it is not needed).
 */
export function summaryText(db: Db, orgId: string, retroId: string): { topics: number; items: number; body: string } {
  const groups = topicsByVotes(db, retroId);
  const items = listActionItemsOfRetros(db, orgId, [retroId]);
  const owners = new Map(
    findUsersByIds(
      db,
      orgId,
      items.flatMap((i) => (i.owner_id ? [i.owner_id] : [])),
    ).map((u) => [u.id, u.full_name]),
  );
  const lines: string[] = [];
  if (groups.length) {
    lines.push(`Topics by votes:`);
    for (const g of groups.slice(0, 5)) lines.push(`- ${quote(g.title)}: ${g.votes} ${g.votes === 1 ? 'vote' : 'votes'}`);
    if (groups.length > 5) lines.push(`- and ${groups.length - 5} more`);
  } else lines.push('No topics were raised.');
  lines.push('');
  if (items.length) {
    lines.push(`Action items (${items.length}):`);
    for (const i of items.slice(0, 10)) {
      const who = i.owner_id ? (owners.get(i.owner_id) ?? 'a former colleague') : 'no owner yet';
      lines.push(`- ${quote(i.text)}: ${who}${i.due_on ? `, due ${formatDay(i.due_on)}` : ''}`);
    }
    if (items.length > 10) lines.push(`- and ${items.length - 10} more`);
  } else lines.push('No action items were decided.');
  return { topics: groups.length, items: items.length, body: lines.join('\n').slice(0, 4000) };
}

async function deliverSummary(services: Services, orgId: string, retroId: string): Promise<void> {
  const { db } = services;
  const retro = findRetro(db, orgId, retroId);
  if (!retro || !retro.ended_at || !isFeatureAreaOn(db, orgId, 'SPRINT_RETROS')) return;
  const people = participantIds(db, retroId);
  if (!people.length) return;
  const { body } = summaryText(db, orgId, retroId);
  await notify(services, {
    organizationId: orgId,
    userIds: people,
    kind: 'retros',
    private: false,
    title: 'A retro you took part in has ended',
    body: `${retro.title}\n\n${body}`.slice(0, 4000),
    link: retroPath(retroId),
  });
}

/** Retros: the end: summary notification, CSV export. */
export const retroSummaryPart: RetroPart = {
  resolvers: {},
  register: async (app: FastifyInstance) => {
    app.services.scheduler.register<SummaryPayload>(RETRO_SUMMARY_NOTIFY_KIND, (p, ctx) => deliverSummary(app.services, ctx.organizationId ?? '', p.retroId));
    await app.register(retroExportRoutes);
  },
};
