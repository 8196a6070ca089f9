import type { AssistantAskInput } from '../../../shared/assistant.js';
import type { Services } from '../../services.js';
import type { Viewer } from '../auth/viewer.js';
import { sourcesAnswer } from '../assistant/assistant.ask.js';
import { addMessage, createConversation } from '../assistant/assistant.conversations.repo.js';
import { loadNlp } from '../assistant/assistant.nlp.js';
import { resolveScope } from '../assistant/assistant.scope.js';
import { registerDemoRows } from './demo.repo.js';
import type { DemoPeople } from './demo.seed.js';

import { DAY_MS } from '../../../shared/dates.days.js';
const MINUTE = 60_000;

/**
 * The assistant in the demo (docs/decisions/0066): it is on, in sources-only mode (no endpoint: the
 * defaults), and the admin has a few conversations asked the way anyone asks, through the same
 * retrieval and checks, so their history opens with real sources. Only the conversations are
 * registered: their messages go with them.
 */
export async function seedDemoAssistant(services: Services, orgId: string, people: DemoPeople): Promise<void> {
  await loadNlp(); // the answers are built as the ask route builds them
  const { db, scheduler } = services;
  const now = scheduler.now();
  const admin: Viewer = { userId: people.adminId, organizationId: orgId, sessionId: '', permissionLevel: 'ADMIN', email: '' };
  const conversations: Array<{ daysAgo: number; questions: AssistantAskInput[] }> = [
    {
      daysAgo: 6,
      questions: [
        { question: 'What came up in the retros lately?', scope: { sources: ['RETROS'] } },
        { question: 'What did the retros say about flaky tests?' },
      ],
    },
    { daysAgo: 3, questions: [{ question: 'What do people say about onboarding?' }] },
    { daysAgo: 1, questions: [{ question: 'Summarize the feedback I received lately', scope: { sources: ['FEEDBACK'], person_id: people.adminId } }] },
  ];
  const ids: string[] = [];
  db.transaction(() => {
    for (const c of conversations) {
      const start = now - c.daysAgo * DAY_MS;
      const conversation = createConversation(db, orgId, people.adminId, c.questions[0]!.question, new Date(start).toISOString());
      ids.push(conversation.id);
      c.questions.forEach((input, i) => {
        const scope = resolveScope(db, admin, input, start);
        const built = sourcesAnswer(services, admin, input.question, { scope, now: start });
        addMessage(
          db,
          conversation,
          {
            question: input.question,
            scope: input.scope ?? {},
            status: built.answer.status,
            refs: built.shown.map((p) => ({ kind: p.kind, src: p.src, fp: p.fp })),
            model_text: null,
            model_host: null,
          },
          new Date(start + (i + 1) * 2 * MINUTE).toISOString(),
        );
      });
    }
    registerDemoRows(db, orgId, 'assistant_conversations', ids);
  });
}
