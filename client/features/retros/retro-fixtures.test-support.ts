import type { Retro, RetroActionItem } from './retro.types.js';
import type { RetroListEntry } from './retros.api.js';

/** Retros as the server answers them, for the list, widget and summary tests. */
export const ada = { id: 'ada', full_name: 'Ada Lovelace' };
export const grace = { id: 'grace', full_name: 'Grace Hopper' };
export const team = { id: 'team1', name: 'Platform' };

export function actionItem(patch: Partial<RetroActionItem> = {}): RetroActionItem {
  return {
    id: 'a1',
    retro_id: 'r1',
    retro_title: 'Sprint 12 retro',
    team,
    group_id: 'g1',
    text: 'Write the deploy checklist',
    owner: grace,
    due_on: '2026-12-04',
    status: 'OPEN',
    done_at: null,
    created_at: '2026-11-20T10:30:00.000Z',
    ...patch,
  };
}

/** An ended, signed retro: two groups (5 and 2 votes), one action item, a health check with one statement shown. */
export function endedRetro(patch: Partial<Retro> = {}): Retro {
  return {
    id: 'r1',
    title: 'Sprint 12 retro',
    team,
    sprint: { id: 's12', name: 'Sprint 12', ends_on: '2026-11-19' },
    template_id: 'builtin:start-stop-continue',
    template_name: 'Start, Stop, Continue',
    prompts: [
      { id: 'start', title: 'Start', description: 'What should we begin doing?', colour: '#2f7d4f' },
      { id: 'stop', title: 'Stop', description: 'What is not helping us?', colour: '#b3261e' },
    ],
    facilitator: ada,
    anonymous: false,
    max_votes: 5,
    max_votes_per_group: 3,
    check_in_question: null,
    health_statements: ['Releasing our work is easy and safe.', 'We enjoy working together.'],
    phase: 'SUMMARY',
    phases: ['HEALTH', 'REFLECT', 'GROUP', 'VOTE', 'DISCUSS', 'SUMMARY'],
    scheduled_at: '2026-11-20T10:00:00.000Z',
    reflect_deadline: null,
    vote_deadline: null,
    started_at: '2026-11-20T10:00:00.000Z',
    ended_at: '2026-11-20T11:00:00.000Z',
    version: 42,
    viewer_is_facilitator: false,
    viewer_can_facilitate: false,
    presence: [],
    writing: { people: 0, reflections: 0, per_prompt: [] },
    reflections: [
      { id: 'x1', prompt_id: 'stop', text: 'Deploys break on Fridays', group_id: 'g1', mine: false, author: grace },
      { id: 'x2', prompt_id: 'start', text: 'A checklist before each deploy', group_id: 'g1', mine: false, author: ada },
      { id: 'x3', prompt_id: 'start', text: 'Pairing on reviews', group_id: 'g2', mine: false, author: grace },
    ],
    groups: [
      { id: 'g2', title: 'Reviews', reflection_ids: ['x3'], votes: 2, my_votes: 0, comments: [], discussed_seconds: 60 },
      {
        id: 'g1',
        title: 'Deploys',
        reflection_ids: ['x1', 'x2'],
        votes: 5,
        my_votes: 0,
        discussed_seconds: 300,
        comments: [
          { id: 'c1', group_id: 'g1', text: 'Friday freeze agreed.\nRevisit in January.', mine: false, author: grace, from_notes: false, edited: false },
          { id: 'c2', group_id: 'g1', text: 'I will write the checklist.', mine: false, author: ada, from_notes: false, edited: false },
        ],
      },
    ],
    my_votes_left: 0,
    check_ins: [],
    health: [
      { index: 0, statement: 'Releasing our work is easy and safe.', answers: 4, average: 2.5, distribution: [1, 1, 1, 1, 0], my_score: null },
      { index: 1, statement: 'We enjoy working together.', answers: 2, average: null, distribution: null, my_score: null },
    ],
    previous_action_items: [],
    action_items: [actionItem()],
    discussion: { group_id: null, started_at: null, elapsed_seconds: 0, topic_minutes: 5 },
    participation: { participants: 4, team_size: 6, reflections: 3, votes_cast: 7, people: [ada, grace] },
    typing: { count: 0, people: [], per_group: [] },
    voting: { voted: 0, done: 0, waiting: 0, people: [] },
    created_at: '2026-11-18T09:00:00.000Z',
    ...patch,
  };
}

export function listEntry(patch: Partial<RetroListEntry> = {}): RetroListEntry {
  return {
    id: 'r1',
    title: 'Sprint 12 retro',
    team,
    sprint: null,
    template_name: 'Start, Stop, Continue',
    facilitator: ada,
    anonymous: true,
    phase: 'SCHEDULED',
    scheduled_at: '2099-01-05T10:00:00.000Z',
    reflect_deadline: null,
    vote_deadline: null,
    started_at: null,
    ended_at: null,
    participation: { participants: 0, team_size: 6, reflections: 0, votes_cast: 0 },
    viewer_can_facilitate: true,
    ...patch,
  };
}
