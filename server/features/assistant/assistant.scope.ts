import { badInput, notFound } from '../../../shared/app-error.js';
import { ASSISTANT_SOURCE_INFO, ASSISTANT_SOURCES, type AssistantAskInput, type AssistantSource } from '../../../shared/assistant.js';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { noteAccess } from '../notes/notes.access.js';
import { findReviewCycle } from '../reviews/reviews.cycles.repo.js';
import { canOpenRequest } from '../reviews/reviews.requests.resolvers.js';
import { findReviewRequest } from '../reviews/reviews.requests.repo.js';
import { findUserById } from '../users/users.repo.js';
import { namedIn } from './assistant.names.repo.js';
import { parseQuestion } from './assistant.question.js';
import { findSettings } from './assistant.settings.repo.js';
import { findTeamNameInOrganization } from '../teams/teams.repo.js';
import { dayOf } from './assistant.sources.js';

import { addDays, dayOf as dayOfUtc } from '../../../shared/dates.js';

/**
 * Where a question looks (docs/decisions/0066): the sources the organization lets the assistant read
 * and whose areas are on, narrowed by the scope the screen sent and by what the question says. A
 * scope naming an object (a 1:1 note, a review request) must be one the asker may open: NOT_FOUND
 * otherwise, as the area itself answers.
 */
export type Context = 'GENERAL' | 'ONE_ON_ONE' | 'REVIEW_EVIDENCE';

export type ResolvedScope = {
  context: Context;
  sources: AssistantSource[];
  terms: string[];
  personId: string | null;
  teamId: string | null;
  noteId: string | null;
  /** Passages of this review request are left out of its own evidence. */
  excludeAudit: string | null;
  since: string | null;
  until: string | null;
  /** The answer's scope line: "Feedback about Ada Lovelace since Mar 1, 2027". */
  text: string;
  /** True when the question names neither words nor any scope: nothing to look for. */
  empty: boolean;
};

function nameOf(db: Db, orgId: string, userId: string): string {
  const user = findUserById(db, orgId, userId, { includeDeleted: true });
  if (!user) throw badInput('No such person in this organization.', { fields: { person_id: 'No such person in this organization.' } });
  return user.full_name;
}

export function resolveScope(db: Db, viewer: Viewer, input: AssistantAskInput, now: number): ResolvedScope {
  const org = viewer.organizationId;
  const scope = input.scope ?? {};
  const parsed = parseQuestion(input.question, now);
  const allowed = new Set(findSettings(db, org).sources.filter((s) => isFeatureAreaOn(db, org, ASSISTANT_SOURCE_INFO[s].area)));
  let context: Context = 'GENERAL';
  let terms = parsed.terms;
  let personId = scope.person_id ?? null;
  let teamId = scope.team_id ?? null;
  let noteId: string | null = null;
  let excludeAudit: string | null = null;
  let since = scope.since ?? parsed.since;
  let until = scope.until ?? parsed.until;
  let wanted: readonly AssistantSource[] = scope.sources ?? parsed.sources ?? ASSISTANT_SOURCES;
  const about: string[] = [];

  if (scope.note_id) {
    const { note } = noteAccess(db, viewer, scope.note_id);
    context = 'ONE_ON_ONE';
    noteId = note.id;
    personId = note.author_id === viewer.userId ? note.about_user_id : note.author_id;
    wanted = scope.sources ?? ['GOALS', 'FEEDBACK', 'NOTES'];
    since ??= dayOfUtc(addDays(now, -60));
  }
  if (scope.review_request_id) {
    const request = findReviewRequest(db, org, scope.review_request_id);
    const cycle = request && findReviewCycle(db, org, request.cycle_id);
    if (!request || !cycle || !canOpenRequest(viewer, request)) throw notFound('Review request');
    context = 'REVIEW_EVIDENCE';
    personId = request.reviewee_id;
    excludeAudit = `review_request:${request.id}`;
    // The review's period, as the feedback beside the form uses (docs/decisions/0048): 30 days back for a sprint review, 182 for a 360.
    const end = Date.parse(request.due_at);
    until ??= dayOfUtc(addDays(end, 1));
    since ??= dayOfUtc(addDays(end, -(cycle.type === 'sprint' ? 30 : 182)));
    wanted = scope.sources ?? ASSISTANT_SOURCES;
  }
  // A 1:1's preparation and a review's evidence are what the scope holds, not a search for the button's words.
  if (context !== 'GENERAL') terms = [];
  // Names are written with capitals: a question without one (after its first letter) names nobody.
  if (!personId && !teamId && !noteId && /\p{Lu}/u.test(input.question.slice(1))) {
    const named = namedIn(db, org, input.question);
    const used = new Set<string>();
    if (named.people.length === 1) {
      personId = named.people[0]!.id;
      named.people[0]!.words.forEach((w) => used.add(w));
    }
    // A named team's words, and the word "team" that names it ("the Platform team"), are the scope, not a search.
    if (named.teams.length === 1) {
      teamId = named.teams[0]!.id;
      [...named.teams[0]!.words, 'team', 'teams'].forEach((w) => used.add(w));
    }
    terms = terms.filter((t) => !used.has(t));
  }
  if (!personId && !teamId && !noteId && parsed.aboutMe) personId = viewer.userId;
  if (personId) about.push(personId === viewer.userId ? 'you' : nameOf(db, org, personId));
  if (teamId) {
    const team = findTeamNameInOrganization(db, org, teamId);
    if (!team) throw badInput('No such team in this organization.', { fields: { team_id: 'No such team in this organization.' } });
    about.push(`the team ${team.name}`);
  }
  const sources = ASSISTANT_SOURCES.filter((s) => wanted.includes(s) && allowed.has(s));
  const what =
    sources.length === ASSISTANT_SOURCES.length ? 'Everything you may read' : sources.map((s) => ASSISTANT_SOURCE_INFO[s].label).join(', ') || 'Nothing';
  const when =
    since && until
      ? ` from ${dayOf(since)} to ${dayOf(addDays(until, -1).toISOString())}`
      : since
        ? ` since ${dayOf(since)}`
        : until
          ? ` before ${dayOf(until)}`
          : '';
  const text = `${what}${about.length ? ` about ${about.join(' and ')}` : ''}${when}${terms.length ? `, matching “${terms.join(' ')}”` : ''}`;
  const empty = !terms.length && !personId && !teamId && !noteId && !scope.sources && !parsed.sources && !since;
  return { context, sources, terms, personId, teamId, noteId, excludeAudit, since, until, text, empty };
}
