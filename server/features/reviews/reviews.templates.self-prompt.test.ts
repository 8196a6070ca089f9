import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../test/helpers.js';
import { api, cycleInput, setUpReviewOrgs, type Caller } from './reviews.cycles.test-support.js';

/** Self-review wording (docs/decisions/0025): stored with the template, copied into a cycle at launch. */
let t: Awaited<ReturnType<typeof setUpReviewOrgs>>;
beforeAll(async () => {
  t = await setUpReviewOrgs();
});
afterAll(async () => {
  await t.app.close();
});

type Question = { prompt: string; self_prompt: string | null; perspectives: string[] };
const QUESTIONS = 'sections { questions { prompt self_prompt perspectives } }';
const questionsOf = (template: { sections: Array<{ questions: Question[] }> }) => template.sections.flatMap((s) => s.questions);
const builtIn = async (c: Caller, key: string) =>
  (
    (await c.gql(`{ reviewTemplates { id built_in_key ${QUESTIONS} } }`)).data!.reviewTemplates as Array<{
      id: string;
      built_in_key: string | null;
      sections: Array<{ questions: Question[] }>;
    }>
  ).find((x) => x.built_in_key === key)!;

const input = (selfPrompt: unknown, perspectives = ['SELF', 'PEER']) => ({
  name: 'Self wording',
  review_type: '360',
  sections: [
    {
      title: 'Skills',
      questions: [
        { kind: 'TEXT', prompt: 'How clearly does this person communicate?', self_prompt: selfPrompt, perspectives },
        { kind: 'TEXT', prompt: 'Anything else?', perspectives: ['PEER'], required: false },
      ],
    },
  ],
});

describe('template questions', () => {
  it('keep their self-review wording through create, read, edit and copy', async () => {
    const created = await t.adminA.gql(`mutation($input: ReviewTemplateInput!) { createReviewTemplate(input: $input) { id ${QUESTIONS} } }`, {
      input: input('  How clearly do you communicate?  '),
    });
    expect(created.errors).toBeUndefined();
    const id = created.data!.createReviewTemplate.id as string;
    expect(questionsOf(created.data!.createReviewTemplate).map((q) => q.self_prompt)).toEqual(['How clearly do you communicate?', null]);
    const read = await t.managerA.gql(`query($id: ID!) { reviewTemplate(id: $id) { ${QUESTIONS} } }`, { id });
    expect(questionsOf(read.data!.reviewTemplate)[0]!.self_prompt).toBe('How clearly do you communicate?');

    const edited = await t.adminA.gql(
      `mutation($id: ID!, $input: ReviewTemplateInput!) { updateReviewTemplate(id: $id, input: $input, base_version: 1) { ${QUESTIONS} } }`,
      { id, input: input('How openly do you share context?') },
    );
    expect(questionsOf(edited.data!.updateReviewTemplate)[0]!.self_prompt).toBe('How openly do you share context?');
    const copied = await t.adminA.gql(`mutation($id: ID!) { copyReviewTemplate(id: $id, name: "Copy") { ${QUESTIONS} } }`, { id });
    expect(questionsOf(copied.data!.copyReviewTemplate)[0]!.self_prompt).toBe('How openly do you share context?');

    // Clearing it stores nothing.
    const cleared = await t.adminA.gql(
      `mutation($id: ID!, $input: ReviewTemplateInput!) { updateReviewTemplate(id: $id, input: $input, base_version: 2) { ${QUESTIONS} } }`,
      { id, input: input('') },
    );
    expect(questionsOf(cleared.data!.updateReviewTemplate)[0]!.self_prompt).toBeNull();
  });

  it('refuses a self-review wording on a question SELF does not answer, next to the field', async () => {
    const res = await t.adminA.gql('mutation($input: ReviewTemplateInput!) { createReviewTemplate(input: $input) { id } }', {
      input: input('How clearly do you communicate?', ['MANAGER', 'PEER']),
    });
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(res.errors![0]!.extensions!.fields).toEqual({
      'sections.0.questions.0.self_prompt': 'Only questions the person answers about themselves have a self-review wording.',
    });
  });

  it('the built-in 360 review has a self wording on exactly the questions SELF answers', async () => {
    const questions = questionsOf(await builtIn(t.adminA, '360_review'));
    expect(questions.filter((q) => q.perspectives.includes('SELF')).map((q) => q.self_prompt)).toEqual([
      'How clearly and openly do you communicate?',
      'How well do you work with others to reach shared goals?',
      'How strong is the quality of your technical work?',
      'How well do you take responsibility for outcomes?',
      'How actively do you learn and help others grow?',
      'What should you keep doing? Describe one or two strengths with an example.',
      'What is one thing you could do differently to have more impact?',
    ]);
    const others = questions.filter((q) => !q.perspectives.includes('SELF'));
    expect(others).toHaveLength(2);
    expect(others.map((q) => q.self_prompt)).toEqual([null, null]);
  });
});

describe('a launched cycle', () => {
  it('snapshots the self-review wording: the self request and a peer request carry it, with the prompt unchanged', async () => {
    const template = await builtIn(t.adminA, '360_review');
    const cycle = (
      await api.create(
        t.adminA,
        cycleInput(template.id, { name: 'Wording check', participant_ids: [t.a.report.id], perspectives: ['SELF', 'PEER'], min_peers: 1 }),
      )
    ).data!.createReviewCycle;
    const participantId = cycle.participants[0].id as string;
    expect((await api.nominate(t.reportA, participantId, [t.peers[0]!.id])).errors).toBeUndefined();
    expect((await api.approve(t.managerA, participantId)).errors).toBeUndefined();
    expect((await api.launch(t.adminA, cycle.id)).data!.launchReviewCycle.request_count).toBe(2);

    const REQ = '{ myReviewRequests { cycle_id perspective questions { prompt self_prompt } } }';
    const mine = async (c: Caller) =>
      (
        (await c.gql(REQ)).data!.myReviewRequests as Array<{
          cycle_id: string;
          perspective: string;
          questions: Array<{ prompt: string; self_prompt: string | null }>;
        }>
      ).find((r) => r.cycle_id === cycle.id)!;
    const self = await mine(t.reportA);
    expect(self.perspective).toBe('SELF');
    expect(self.questions[0]).toEqual({
      prompt: 'How clearly and openly does this person communicate?',
      self_prompt: 'How clearly and openly do you communicate?',
    });
    expect(self.questions.every((q) => q.self_prompt)).toBe(true);
    const peer = await mine(t.peerA);
    expect(peer.perspective).toBe('PEER');
    expect(peer.questions[0]).toEqual({
      prompt: 'How clearly and openly does this person communicate?',
      self_prompt: 'How clearly and openly do you communicate?',
    });
    // The peer-only private question has no self wording.
    expect(peer.questions.at(-1)).toEqual({ prompt: 'Anything the manager should know that you would not say to this person directly?', self_prompt: null });
  });
});
