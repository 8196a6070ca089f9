import type { Services } from '../../services.js';
import { newId } from '../../lib/tokens.js';
import { noteAgendaItems, notePrivateNotes, notes } from './notes.tables.js';
import { registerDemoRows } from '../demo/demo.repo.js';
import type { DemoPeople } from '../demo/demo.seed.js';

import { DAY_MS } from '../../../shared/dates.days.js';
import { dayOf } from '../../../shared/dates.js';
const iso = (t: number) => new Date(t).toISOString();

type DemoNote = {
  author: 'admin' | string;
  about?: string;
  title: string;
  body: string;
  tags: string[];
  pinned?: boolean;
  shared?: boolean;
  next_in_days?: number;
  agenda?: ReadonlyArray<[string, boolean, 'author' | 'about']>;
  days_ago: number;
  /** A shared note: the private notes the person it is about keeps on it (the author never reads them). */
  about_private?: string;
};

const NOTES: readonly DemoNote[] = [
  {
    author: 'admin',
    about: 'Ada Lovelace',
    title: '1:1 Ada Lovelace',
    shared: true,
    pinned: true,
    next_in_days: 3,
    days_ago: 2,
    tags: ['1:1'],
    body: '## Running notes\n\n- Platform hiring: two offers out, one accepted.\n- **On-call load** is down since the release train.\n\n### Follow-ups\n1. Share the incident review template with the other teams.\n2. Promotion case for Linus: draft by end of month.',
    agenda: [
      ['Hiring plan for Q1', false, 'author'],
      ['Budget for the observability tooling', false, 'about'],
      ['Feedback on the new on-call rota', true, 'about'],
    ],
    about_private:
      'Bring numbers for the tooling budget: **three** incidents last quarter took over an hour to diagnose.\n\n- Ask about a training budget for the new on-call engineers.',
  },
  {
    author: 'admin',
    about: 'Grace Hopper',
    title: '1:1 Grace Hopper',
    days_ago: 5,
    tags: ['1:1'],
    next_in_days: 8,
    body: 'Private prep for the next 1:1.\n\n- Ask how the Web team feels about the framework migration.\n- Grace wants to mentor a new manager: suggest Katherine?',
    agenda: [['Framework migration: risks and timeline', false, 'author']],
  },
  {
    author: 'admin',
    title: 'Engineering hiring plan',
    pinned: true,
    days_ago: 12,
    tags: ['hiring', 'planning'],
    body: '# Hiring plan\n\n| Team | Open roles | Status |\n| --- | --- | --- |\n| Platform | 1 SRE | Interviewing |\n| Web | 2 engineers | Sourcing |\n| Data | 1 ML engineer | Offer out |\n\nKeep the bar: every loop has a pairing exercise and a design conversation.',
  },
  {
    author: 'admin',
    title: 'Ideas for the engineering offsite',
    days_ago: 30,
    tags: ['planning'],
    body: '- A half day of **lightning talks** by each team\n- A retro of the year across teams\n- [Open space format](https://en.wikipedia.org/wiki/Open_space_technology) for the afternoon',
  },
  {
    author: 'Ada Lovelace',
    about: 'Margaret Hamilton',
    title: '1:1 Margaret Hamilton',
    shared: true,
    days_ago: 4,
    tags: ['1:1'],
    next_in_days: 5,
    body: 'Private prep: Margaret is leading the job queue redesign. Check in on scope and on the design review date; she seems stretched, ask how the on-call weeks feel.',
    agenda: [
      ['Design review date for the job queue', false, 'about'],
      ['Conference talk proposal', true, 'author'],
    ],
    about_private:
      '## For my 1:1 with Ada\n\n- I would like to **mentor** a new joiner next quarter.\n- The queue redesign needs one more reviewer: ask whether Linus could help.',
  },
];

/**
 * The notes area of the demo (docs/decisions/0036, 0048, 0056): the admin's own notes (a hiring plan
 * with a table, offsite ideas, a private 1:1 prep about Grace Hopper) and a 1:1 note about Ada
 * Lovelace shared with her, with talking points from both sides, the next 1:1 date and a private
 * part on each side; Ada's shared 1:1 note with her report Margaret Hamilton, likewise. Only the
 * notes are registered: talking points and private parts go with them.
 */
export function seedDemoNotes(services: Services, orgId: string, people: DemoPeople): void {
  const { db, scheduler } = services;
  const now = scheduler.now();
  const who = (name: string) => (name === 'admin' ? people.adminId : people.byName.get(name)!);
  const ids: string[] = [];
  db.transaction(() => {
    for (const spec of NOTES) {
      const noteId = newId();
      const at = now - spec.days_ago * DAY_MS;
      const author = who(spec.author);
      const about = spec.about ? who(spec.about) : null;
      db.insert(notes)
        .values({
          id: noteId,
          organization_id: orgId,
          author_id: author,
          title: spec.title,
          body: spec.body,
          tags: spec.tags,
          pinned: spec.pinned ?? false,
          about_user_id: about,
          shared_at: spec.shared ? iso(at - DAY_MS) : null,
          next_one_on_one: spec.next_in_days ? dayOf(now + spec.next_in_days * DAY_MS) : null,
          created_at: iso(at - 20 * DAY_MS),
          updated_at: iso(at),
          shared_updated_at: spec.shared ? iso(at) : null,
        })
        .run();
      if (spec.about_private && about) {
        db.insert(notePrivateNotes)
          .values({
            note_id: noteId,
            user_id: about,
            organization_id: orgId,
            body: spec.about_private,
            created_at: iso(at - DAY_MS),
            updated_at: iso(at - DAY_MS / 2),
          })
          .run();
      }
      for (const [i, [text, done, by]] of (spec.agenda ?? []).entries()) {
        const creator = by === 'about' && about ? about : author;
        db.insert(noteAgendaItems)
          .values({
            id: newId(),
            organization_id: orgId,
            note_id: noteId,
            text,
            position: i,
            done_at: done ? iso(at) : null,
            done_by: done ? creator : null,
            created_by: creator,
            created_at: iso(at - DAY_MS + i * 60_000),
          })
          .run();
      }
      ids.push(noteId);
    }
    registerDemoRows(db, orgId, 'notes', ids);
  });
}
