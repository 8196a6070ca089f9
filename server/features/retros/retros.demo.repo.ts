import { eq } from 'drizzle-orm';
import type { Services } from '../../services.js';
import { BUILTIN_RETRO_HEALTH_CHECKS, createRetroSchema, type RetroActionStatus } from '../../../shared/retros.js';
import { newId } from '../../lib/tokens.js';
import { authorToken } from './retros.access.js';
import { eraseAuthorLinks } from './retros.anonymity.repo.js';
import { insertRetro, teamSizes } from './retros.repo.js';
import { retroActionItems, retroComments, retroGroups, retroHealthAnswers, retroParticipants, retroReflections, retros, retroVotes } from './retros.tables.js';
import { registerDemoRows } from '../demo/demo.repo.js';
import { DEMO_TEAMS, type DemoPeople } from '../demo/demo.seed.js';

import { DAY_MS } from '../../../shared/dates.days.js';
import { dayOf } from '../../../shared/dates.js';
const HOUR = 3_600_000;
const iso = (t: number) => new Date(t).toISOString();

/** `comments`: what people said in the discussion, one comment each, in order. */
type Topic = { prompt: string; title: string; texts: string[]; comments?: string[] };
type Item = { text: string; due_days: number };
type Plan = { template: string; topics: Topic[]; items: Item[] };

/** Three past retros per team, one template each: topics (a group with its reflections) and what was decided. */
const PLANS: readonly Plan[] = [
  {
    template: 'builtin:mad-sad-glad',
    topics: [
      {
        prompt: 'mad',
        title: 'Flaky CI',
        texts: ['CI failed on unrelated tests again', 'Reruns cost us hours on {work} this sprint', 'Nobody owns the flaky test list'],
        comments: [
          'Quarantine flaky tests within a day; the owner of the last change looks first.',
          'Can we show the quarantine list on the team board?',
          'Yes, and cap it at ten tests.',
        ],
      },
      { prompt: 'sad', title: 'Missed the beta date', texts: ['We slipped {release} by a week', 'Design sign-off came late'] },
      { prompt: 'glad', title: 'Onboarding that works', texts: ['The new onboarding doc saved me days', 'Great welcome for the new joiners'] },
      { prompt: 'glad', title: 'Calm incident response', texts: ['Quick and calm response to the outage'] },
      { prompt: 'mad', title: 'Slow local builds', texts: ['A clean build takes twelve minutes'] },
    ],
    items: [
      { text: 'Quarantine flaky tests and keep the list short', due_days: 7 },
      { text: 'Ask design for sign-off dates at planning', due_days: 10 },
      { text: 'Profile the local build of {work}', due_days: 14 },
    ],
  },
  {
    template: 'builtin:start-stop-continue',
    topics: [
      {
        prompt: 'stop',
        title: 'Late scope changes',
        texts: ['Stop adding tickets after sprint planning', 'Scope changed twice mid-sprint'],
        comments: [
          'New work goes to the next sprint unless the product lead says it is urgent.',
          'Who decides what counts as urgent?',
          'The product lead, and they say why in the ticket.',
        ],
      },
      { prompt: 'start', title: 'Pairing on big reviews', texts: ['Start pairing on large code reviews', 'Review billing changes in pairs'] },
      { prompt: 'continue', title: 'Weekly release train', texts: ['Keep the weekly release train', 'Small releases made on-call quiet'] },
      { prompt: 'start', title: 'Friday demos', texts: ['A short Friday demo of {work}'] },
      { prompt: 'stop', title: 'Meeting load', texts: ['Too many status meetings on Tuesdays'] },
    ],
    items: [
      { text: 'Agree a rule for work added mid-sprint', due_days: 5 },
      { text: 'Try pair reviews for changes over 400 lines', due_days: 14 },
    ],
  },
  {
    template: 'builtin:well-improve',
    topics: [
      {
        prompt: 'improve',
        title: 'Estimates',
        texts: ['Our estimates were off for {work}', 'Split large stories before planning'],
        comments: ['Stories over 5 points get split before planning.', 'Let us try it for two sprints and look again.'],
      },
      { prompt: 'well', title: 'Clear sprint goal', texts: ['Everyone knew the sprint goal', 'Planning was short and focused'] },
      { prompt: 'improve', title: 'Outdated runbooks', texts: ['The runbooks are outdated', 'On-call had to guess the restart steps'] },
      { prompt: 'well', title: 'Fewer bugs', texts: ['Bug count went down after the test push'] },
    ],
    items: [
      { text: 'Update the restart runbook', due_days: 7 },
      { text: 'Split stories over 5 points before planning', due_days: 12 },
    ],
  },
];

/** What each team works on, so that their retros read as theirs: `{work}` and `{release}` in the plans above. */
const TEAM_WORDS: Record<string, { work: string; release: string }> = {
  Platform: { work: 'the API work', release: 'the gateway beta' },
  Web: { work: 'the checkout redesign', release: 'the new checkout' },
  Mobile: { work: 'the offline sync', release: 'the 3.0 app release' },
  Data: { work: 'the warehouse migration', release: 'the reporting beta' },
};
const inTeam = (team: string, text: string) => text.replace(/\{(work|release)\}/g, (_, key: 'work' | 'release') => TEAM_WORDS[team]![key]);

/** Statuses of each past retro's items, oldest retro first: the oldest mostly done, the latest still open. */
const STATUSES: readonly (readonly RetroActionStatus[])[] = [
  ['DONE', 'DONE', 'OPEN'],
  ['DONE', 'IN_PROGRESS'],
  ['OPEN', 'OPEN'],
];
const VOTES = [6, 4, 3, 2, 1];
const PULSE = BUILTIN_RETRO_HEALTH_CHECKS.find((h) => h.id === 'builtin:quick-pulse')!;
/** Answers (1-5) to the quick pulse by the five people who answered, per statement. */
const PULSE_SCORES = [
  [4, 4, 5, 3, 4],
  [3, 2, 3, 4, 3],
  [5, 4, 4, 5, 4],
];

/**
 * The retros area of the demo (docs/decisions/0036): per team, three past retros two weeks apart
 * and one upcoming. Past retros are written as a meeting leaves them (reflections with their
 * author's token, comments in the discussion, vote rows, health answers) and then ended through the board's own erasure
 * (eraseAuthorLinks, docs/decisions/0047): votes tallied and their rows gone, no tokens, no key.
 * The second is a signed retro, the others anonymous; the latest has a health check. Their action
 * items are partly done, so the open ones carry into the next retro and onto their owners'
 * dashboards. Only the retros are registered: everything else goes with them (ON DELETE CASCADE).
 */
export function seedDemoRetros(services: Services, orgId: string, people: DemoPeople): void {
  const { db, scheduler } = services;
  const now = scheduler.now();
  const ids: string[] = [];
  db.transaction(() => {
    for (const [t, spec] of DEMO_TEAMS.entries()) {
      const teamId = people.teamIds.get(spec.name)!;
      const team = spec.people.map((name) => people.byName.get(name)!);
      const [managerId, leadId] = team as [string, string];
      for (const [k, plan] of PLANS.entries()) {
        const start = now - (42 - 14 * k) * DAY_MS + (10 + t) * HOUR - (now % DAY_MS);
        const end = start + HOUR;
        const input = createRetroSchema.parse({
          team_id: teamId,
          template_id: plan.template,
          facilitator_id: leadId,
          anonymous: k !== 1,
          scheduled_at: iso(start),
          ...(k === 2 ? { health_check_id: PULSE.id } : {}),
        });
        const retro = insertRetro(db, orgId, input, managerId);
        ids.push(retro.id);
        const token = (userId: string) => authorToken(retro, userId);
        // Everyone but one person (a different one each time) took part.
        const present = team.filter((_, i) => i !== (t + k + 2) % team.length);
        for (const userId of present)
          db.insert(retroParticipants)
            .values({ retro_id: retro.id, user_id: userId, joined_at: iso(start) })
            .run();

        const groupIds: string[] = [];
        let position = 0;
        for (const [g, topic] of plan.topics.entries()) {
          const groupId = newId();
          groupIds.push(groupId);
          db.insert(retroGroups)
            .values({
              id: groupId,
              organization_id: orgId,
              retro_id: retro.id,
              title: topic.title,
              sort_order: g,
              discussed_seconds: g < 3 ? 240 + 60 * ((g + t + k) % 4) : 0,
              created_at: iso(start),
            })
            .run();
          for (const [i, text] of topic.texts.entries()) {
            const author = present[(g * 2 + i) % present.length]!;
            db.insert(retroReflections)
              .values({
                id: newId(),
                organization_id: orgId,
                retro_id: retro.id,
                prompt_id: topic.prompt,
                text: inTeam(spec.name, text),
                group_id: groupId,
                sort_order: position++,
                author_id: input.anonymous ? null : author,
                author_token: input.anonymous ? token(author) : null,
              })
              .run();
          }
          for (const [c, text] of (topic.comments ?? []).entries()) {
            const author = present[(g + c * 2) % present.length]!;
            db.insert(retroComments)
              .values({
                id: newId(),
                organization_id: orgId,
                retro_id: retro.id,
                group_id: groupId,
                text: inTeam(spec.name, text),
                position: c,
                author_id: input.anonymous ? null : author,
                author_token: token(author),
              })
              .run();
          }
          for (let v = 0; v < VOTES[(g + t) % VOTES.length]!; v++) {
            db.insert(retroVotes)
              .values({ id: newId(), retro_id: retro.id, group_id: groupId, voter_token: token(present[(g + v) % present.length]!)! })
              .run();
          }
        }
        if (k === 2) {
          for (const [index, scores] of PULSE_SCORES.entries()) {
            for (const [a, score] of scores.entries()) {
              db.insert(retroHealthAnswers)
                .values({
                  id: newId(),
                  retro_id: retro.id,
                  statement_index: index,
                  voter_token: token(present[a]!),
                  score: Math.min(5, Math.max(1, score - (t % 2))),
                })
                .run();
            }
          }
        }
        // Ended: the same erasure as a meeting's move to SUMMARY.
        db.update(retros)
          .set({ phase: 'SUMMARY', started_at: iso(start), ended_at: iso(end), version: 40 + k, updated_at: iso(end) })
          .where(eq(retros.id, retro.id))
          .run();
        eraseAuthorLinks(db, retro.id, iso(end));
        // Participation as recorded at the end (docs/decisions/0059).
        db.update(retros)
          .set({ participants_at_end: present.length, team_size_at_end: teamSizes(db, orgId, [teamId]).get(teamId) ?? 0 })
          .where(eq(retros.id, retro.id))
          .run();
        for (const [i, item] of plan.items.entries()) {
          const status = STATUSES[k]![i] ?? 'OPEN';
          const created = start + 45 * 60_000 + i * 60_000;
          db.insert(retroActionItems)
            .values({
              id: newId(),
              organization_id: orgId,
              retro_id: retro.id,
              team_id: teamId,
              group_id: groupIds[i] ?? null,
              text: inTeam(spec.name, item.text),
              owner_id: team[(i + k + t + 1) % team.length]!,
              due_on: dayOf(start + item.due_days * DAY_MS),
              status,
              done_at: status === 'DONE' ? iso(start + (item.due_days - 1) * DAY_MS) : null,
              created_by: leadId,
              created_at: iso(created),
              updated_at: iso(status === 'OPEN' ? created : start + (item.due_days - 1) * DAY_MS),
            })
            .run();
        }
      }
      // The next retro, at the end of the current sprint: with a check-in and the team health check.
      const next = insertRetro(
        db,
        orgId,
        createRetroSchema.parse({
          team_id: teamId,
          template_id: 'builtin:start-stop-continue',
          facilitator_id: leadId,
          scheduled_at: iso(now + 2 * DAY_MS + (10 + t) * HOUR - (now % DAY_MS)),
          check_in_question: 'One word for this sprint?',
          health_check_id: 'builtin:team-health',
        }),
        managerId,
      );
      ids.push(next.id);
    }
    registerDemoRows(db, orgId, 'retros', ids);
  });
}
