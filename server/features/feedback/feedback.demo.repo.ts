import type { Services } from '../../services.js';
import { BUILTIN_FEEDBACK_TEMPLATES, FEEDBACK_REACTIONS, type FeedbackTagKind, type FeedbackVisibility } from '../../../shared/feedback.js';
import { newId } from '../../lib/tokens.js';
import {
  feedback,
  feedbackAutomationRules,
  feedbackReactions,
  feedbackRequestAsks,
  feedbackRequests,
  feedbackTagLinks,
  feedbackTags,
  feedbackTemplates,
} from './feedback.tables.js';
import { registerDemoRows } from '../demo/demo.repo.js';
import { DEMO_TEAMS, type DemoPeople } from '../demo/demo.seed.js';

import { DAY_MS } from '../../../shared/dates.days.js';
const iso = (t: number) => new Date(t).toISOString();

const TAGS: ReadonlyArray<[string, FeedbackTagKind, string]> = [
  ['Ownership', 'VALUE', 'Sees things through, from idea to production and beyond.'],
  ['Customer focus', 'VALUE', 'Starts from what users need.'],
  ['Collaboration', 'VALUE', 'Makes the people around them better.'],
  ['Craft', 'VALUE', 'Cares about quality that lasts.'],
  ['Code review', 'COMPETENCY', 'Timely, kind and thorough reviews.'],
  ['Mentoring', 'COMPETENCY', 'Helps others grow.'],
  ['Communication', 'COMPETENCY', 'Clear in writing and in person.'],
  ['System design', 'COMPETENCY', 'Designs that are simple to run and to change.'],
];

/** What colleagues write: [text, tags, visibility]; each is given by someone of the team to someone else of it. */
const NOTES: ReadonlyArray<[string, readonly string[], FeedbackVisibility]> = [
  [
    'Thank you for pairing with me on the flaky test hunt. You explained the retry logic so clearly that I could fix the next one alone.',
    ['Mentoring', 'Collaboration'],
    'PUBLIC',
  ],
  ['Your review of the billing migration caught the rounding bug before it shipped. Careful and kind comments, as always.', ['Code review', 'Craft'], 'PUBLIC'],
  [
    'In the incident on Tuesday you kept the channel calm and wrote the timeline as it happened. That made the post-mortem easy.',
    ['Ownership', 'Communication'],
    'PUBLIC',
  ],
  [
    'The design doc for the new job queue was a pleasure to read: the trade-offs were honest and the rollout plan was realistic.',
    ['System design', 'Communication'],
    'MANAGER',
  ],
  ['I noticed you stayed late twice this sprint to finish the release. Please say so earlier next time, we can move scope instead.', ['Ownership'], 'PRIVATE'],
  ['Your demo on Friday showed the customer problem first and the solution second. More of that, please!', ['Customer focus', 'Communication'], 'PUBLIC'],
  ['Great onboarding buddy for the new joiners: they shipped their first change in three days.', ['Mentoring'], 'PUBLIC'],
  ['In planning you sometimes commit the team before we have estimated. Could we agree the scope together first?', ['Collaboration'], 'PRIVATE'],
  ['You turned a vague support ticket into three small, well-described stories. That unblocked the whole sprint.', ['Customer focus', 'Ownership'], 'MANAGER'],
  ['The accessibility fixes on the settings pages were thorough; the screen reader walkthrough in the PR was a great touch.', ['Craft'], 'PUBLIC'],
  [
    'Your comments on my pull requests are sometimes short enough to read as harsh. A sentence of context would help me.',
    ['Code review', 'Communication'],
    'PRIVATE',
  ],
  ['Thank you for taking the on-call swap at short notice. It made a real difference for my family weekend.', ['Collaboration'], 'PUBLIC'],
  ['You simplified the deployment scripts so much that rollbacks now take a minute. Brilliant work.', ['Craft', 'System design'], 'PUBLIC'],
  ['The way you ran the retro made the quiet people speak up. I would love to learn how you prepare.', ['Collaboration', 'Mentoring'], 'MANAGER'],
];

const ANSWERS = [
  ['Keep sharing your design sketches early: it saves everyone days.', 'Write down decisions after meetings, so people who missed them can follow.'],
  ['Your reviews are quick and helpful. Keep that up.', 'Take on a bigger piece of the architecture work next quarter; you are ready for it.'],
];

/**
 * The feedback area of the demo (docs/decisions/0036, 0048): the organization's values and
 * competencies; about sixty pieces of feedback within the teams over the last four months (public
 * praise with reactions, private notes, notes for the manager), a few to and from the admin; feedback
 * requests (the admin asks two managers about themself, one answered; a manager asks about a report,
 * answered and shared; a team lead asks the admin, still pending, so the admin's pending page is not
 * empty); a custom template; a paused monthly automation rule for one team. Registered: tags,
 * feedback, requests, the template and the rule (links, reactions and asks go with them).
 */
export function seedDemoFeedback(services: Services, orgId: string, people: DemoPeople): void {
  const { db, scheduler } = services;
  const now = scheduler.now();
  const id = (name: string) => people.byName.get(name)!;
  const ids = { tags: [] as string[], feedback: [] as string[], requests: [] as string[], templates: [] as string[], rules: [] as string[] };
  db.transaction(() => {
    const tagIds = new Map<string, string>();
    for (const [name, kind, description] of TAGS) {
      const tagId = newId();
      db.insert(feedbackTags)
        .values({ id: tagId, organization_id: orgId, name, kind, description, created_at: iso(now - 120 * DAY_MS) })
        .run();
      tagIds.set(name, tagId);
      ids.tags.push(tagId);
    }
    const give = (giver: string, recipient: string, at: number, [body, tags, visibility]: (typeof NOTES)[number], reactors: readonly string[] = []) => {
      const feedbackId = newId();
      db.insert(feedback)
        .values({ id: feedbackId, organization_id: orgId, giver_id: giver, recipient_id: recipient, body, visibility, created_at: iso(at) })
        .run();
      for (const tag of tags)
        db.insert(feedbackTagLinks)
          .values({ feedback_id: feedbackId, tag_id: tagIds.get(tag)!, organization_id: orgId })
          .run();
      if (visibility === 'PUBLIC') {
        for (const [i, userId] of reactors.entries()) {
          db.insert(feedbackReactions)
            .values({
              feedback_id: feedbackId,
              user_id: userId,
              reaction: FEEDBACK_REACTIONS[i % 3]!,
              organization_id: orgId,
              created_at: iso(at + (i + 1) * 3_600_000),
            })
            .run();
        }
      }
      ids.feedback.push(feedbackId);
      return feedbackId;
    };

    // Within each team: each person gives two or three pieces over the last 110 days.
    let n = 0;
    for (const [t, spec] of DEMO_TEAMS.entries()) {
      const team = spec.people.map((name) => id(name));
      for (const [i, giver] of team.entries()) {
        for (let k = 0; k < 2 + ((i + t) % 2); k++) {
          const recipient = team[(i + 1 + k * 2) % team.length]!;
          if (recipient === giver) continue;
          const at = now - (3 + ((n * 37) % 107)) * DAY_MS - ((n * 7) % 9) * 3_600_000;
          give(giver, recipient, at, NOTES[n % NOTES.length]!, team.filter((p) => p !== giver && p !== recipient).slice(0, (n % 4) + 1));
          n++;
        }
      }
    }
    // The admin: praised by a manager, and thanking another.
    give(
      id('Grace Hopper'),
      people.adminId,
      now - 9 * DAY_MS,
      ['Thank you for getting the hiring budget approved so quickly. The Web team can finally start interviewing.', ['Ownership'], 'PUBLIC'],
      [id('Ada Lovelace'), id('Edgar Codd')],
    );
    give(
      people.adminId,
      id('Katherine Johnson'),
      now - 4 * DAY_MS,
      [
        'The Mobile team’s release plan was the clearest we have had this year. Thank you for the calm and careful rollout.',
        ['Communication', 'Ownership'],
        'PUBLIC',
      ],
      [id('Grace Hopper')],
    );
    give(people.adminId, id('Ada Lovelace'), now - 20 * DAY_MS, [
      'You handled the team change with a lot of care. Let us talk about how to share that with the other managers.',
      ['Mentoring'],
      'MANAGER',
    ]);

    // A custom template, and a paused rule that would ask the Platform team for feedback each month.
    const templateId = newId();
    db.insert(feedbackTemplates)
      .values({
        id: templateId,
        organization_id: orgId,
        name: 'Quarterly check-in',
        description: 'Four questions for the end of a quarter.',
        created_by: people.adminId,
        questions: [
          'What was my most valuable contribution this quarter?',
          'What should I start doing?',
          'What should I stop doing?',
          'How could I support you better?',
        ],
        created_at: iso(now - 60 * DAY_MS),
        updated_at: iso(now - 60 * DAY_MS),
      })
      .run();
    ids.templates.push(templateId);
    const ruleId = newId();
    db.insert(feedbackAutomationRules)
      .values({
        id: ruleId,
        organization_id: orgId,
        team_id: people.teamIds.get('Platform')!,
        trigger: 'MONTHLY',
        template_id: 'builtin:general',
        responders: 'TEAMMATES',
        responder_count: 3,
        paused_at: iso(now - DAY_MS),
        created_by: id('Ada Lovelace'),
        created_at: iso(now - 30 * DAY_MS),
        updated_at: iso(now - DAY_MS),
      })
      .run();
    ids.rules.push(ruleId);

    const general = BUILTIN_FEEDBACK_TEMPLATES.find((tpl) => tpl.id === 'builtin:general')!;
    /** A moment `days` after `at`, but never later than an hour ago: the demo has no feedback from the future. */
    const after = (at: number, days: number) => Math.min(at + days * DAY_MS, now - 3_600_000);
    const request = (requester: string, subject: string, responders: readonly string[], answered: readonly boolean[], at: number, shared: boolean) => {
      const requestId = newId();
      db.insert(feedbackRequests)
        .values({
          id: requestId,
          organization_id: orgId,
          requester_id: requester,
          subject_id: subject,
          template_id: general.id,
          template_name: general.name,
          questions: general.questions,
          message: requester === subject ? 'I would value your honest view.' : 'Part of our regular check-ins.',
          shared_at: shared ? iso(after(at, 5)) : null,
          created_at: iso(at),
        })
        .run();
      ids.requests.push(requestId);
      for (const [i, responder] of responders.entries()) {
        const askId = newId();
        let feedbackId: string | null = null;
        if (answered[i]) {
          const answers = general.questions.map((question, q) => ({ question, answer: ANSWERS[i % ANSWERS.length]![q]! }));
          feedbackId = newId();
          db.insert(feedback)
            .values({
              id: feedbackId,
              organization_id: orgId,
              giver_id: responder,
              recipient_id: subject,
              visibility: 'REQUESTER',
              request_id: requestId,
              answers,
              body: answers.map((a) => `${a.question}\n${a.answer}`).join('\n\n'),
              created_at: iso(after(at, 2 + i)),
            })
            .run();
          ids.feedback.push(feedbackId);
        }
        db.insert(feedbackRequestAsks)
          .values({
            id: askId,
            organization_id: orgId,
            request_id: requestId,
            responder_id: responder,
            status: answered[i] ? 'ANSWERED' : 'PENDING',
            feedback_id: feedbackId,
            answered_at: answered[i] ? iso(after(at, 2 + i)) : null,
            created_at: iso(at),
          })
          .run();
      }
    };
    request(people.adminId, people.adminId, [id('Ada Lovelace'), id('Grace Hopper')], [true, false], now - 6 * DAY_MS, false);
    request(id('Ada Lovelace'), id('Margaret Hamilton'), [id('Linus Torvalds'), id('Ken Thompson')], [true, true], now - 25 * DAY_MS, true);
    request(id('Tim Berners-Lee'), id('Tim Berners-Lee'), [people.adminId, id('Brendan Eich')], [false, true], now - 2 * DAY_MS, false);

    registerDemoRows(db, orgId, 'feedback_tags', ids.tags);
    registerDemoRows(db, orgId, 'feedback_templates', ids.templates);
    registerDemoRows(db, orgId, 'feedback_automation_rules', ids.rules);
    registerDemoRows(db, orgId, 'feedback_requests', ids.requests);
    registerDemoRows(db, orgId, 'feedback', ids.feedback);
  });
}
