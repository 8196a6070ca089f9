import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/app-error.js';
import type { Perspective } from '../../../shared/review-template.schemas.js';
import { group, input, managerReview, SECTIONS, selfReview, submission } from './reviews.results.fixtures.js';
import { buildReviewResults, sectionsFromSnapshot } from './reviews.results.js';
import type { ReviewResults } from './reviews.results.types.js';

const questionOf = (r: ReviewResults, id: string) => r.sections.flatMap((s) => s.questions).find((q) => q.id === id)!;
const cellOf = (r: ReviewResults, id: string, p: Perspective) => questionOf(r, id).cells.find((c) => c.perspective === p)!;
const sectionOf = (r: ReviewResults, id: string) => r.sections.find((s) => s.id === id)!;
const sum = (d: readonly number[]) => d.reduce((a, n, i) => a + n * (i + 1), 0);

describe('anonymity threshold for peers and direct reports', () => {
  describe.each(['PEER', 'DIRECT_REPORT'] as const)('%s', (perspective) => {
    it.each([
      [2, 3, false],
      [3, 3, true],
      [4, 3, true],
      [4, 5, false],
      [5, 5, true],
      [6, 5, true],
    ])('%d reviews with threshold %d: shown = %s', (n, threshold, shown) => {
      const r = buildReviewResults(
        input(
          group(perspective, n, (i) => ({ 'q-shares': 1 + (i % 5), 'q-keep': `Keeps notes ${i}` })),
          { threshold },
        ),
      );
      const summary = r.perspectives.find((p) => p.perspective === perspective)!;
      const cell = cellOf(r, 'q-shares', perspective);
      if (shown) {
        expect(summary).toEqual({ perspective, signed: false, respondents: n, asked: null, withheld: null });
        expect(cell.rating?.count).toBe(n);
        expect(cellOf(r, 'q-keep', perspective).comments).toHaveLength(n);
      } else {
        const withheld = { reason: 'FEWER_THAN_THRESHOLD', have: n, need: threshold, own_answer_excluded: false };
        expect(summary).toEqual({ perspective, signed: false, respondents: null, asked: null, withheld });
        expect(cell).toEqual({ perspective, signed: false, withheld, respondents: null, rating: null, choices: null, comments: [], answers: [] });
        expect(cellOf(r, 'q-keep', perspective).comments).toEqual([]);
        expect(JSON.stringify(r)).not.toContain('Keeps notes');
      }
    });
  });

  it('withholds an optional question answered by fewer than the threshold, only for that question', () => {
    const peers = group('PEER', 4, (i) => ({ 'q-shares': 4, ...(i < 2 ? { 'q-mentor': { rating: 2, text: `Mentoring note ${i}` } } : {}) }));
    const r = buildReviewResults(input(peers));
    expect(cellOf(r, 'q-shares', 'PEER').rating).toEqual({ count: 4, average: 4, distribution: [0, 0, 0, 4, 0] });
    expect(cellOf(r, 'q-mentor', 'PEER').withheld).toEqual({ reason: 'QUESTION_FEWER_THAN_THRESHOLD', have: 2, need: 3, own_answer_excluded: false });
    expect(JSON.stringify(r)).not.toContain('Mentoring note');
    // The section's peer figure is pooled from q-shares only and says it left one question out.
    expect(sectionOf(r, 's-collab').cells.find((c) => c.perspective === 'PEER')).toMatchObject({
      withheld: null,
      rating: { count: 4, average: 4 },
      excluded_questions: 1,
    });
  });

  it("does not count the viewer's own answer toward the threshold", () => {
    const peers = [...group('PEER', 2, () => ({ 'q-shares': 2 })), submission('admin-1', 'PEER', { 'q-shares': 5 })];
    const asAdmin = buildReviewResults(input(peers, { role: 'ADMIN', viewer: 'admin-1' }));
    expect(asAdmin.perspectives.find((p) => p.perspective === 'PEER')!.withheld).toEqual({
      reason: 'FEWER_THAN_THRESHOLD',
      have: 2,
      need: 3,
      own_answer_excluded: true,
    });
    expect(cellOf(asAdmin, 'q-shares', 'PEER').rating).toBeNull();
    // The reviewee did not answer as a peer: three peers are enough for them.
    const asReviewee = buildReviewResults(input(peers));
    expect(cellOf(asReviewee, 'q-shares', 'PEER').rating).toMatchObject({ count: 3, average: 3 });
  });

  it('applies the threshold to managers and admins as well', () => {
    const peers = group('PEER', 2, () => ({ 'q-shares': 5 }));
    for (const role of ['MANAGER', 'ADMIN'] as const) {
      expect(cellOf(buildReviewResults(input(peers, { role })), 'q-shares', 'PEER').withheld?.reason).toBe('FEWER_THAN_THRESHOLD');
    }
  });
});

describe('the subtraction case', () => {
  // Manager 5 (signed), three peers (shown), two direct reports (below the threshold of 3).
  const build = (reportRatings: [number, number], reportComment = 'Hard to reach') =>
    buildReviewResults(
      input([
        managerReview({ 'q-shares': 5 }),
        ...group('PEER', 3, () => ({ 'q-shares': 3 })),
        ...group('DIRECT_REPORT', 2, (i) => ({ 'q-shares': reportRatings[i]!, 'q-keep': reportComment })),
        selfReview({ 'q-shares': 4 }),
      ]),
    );

  it('naive aggregation would give the withheld direct reports away', () => {
    const reports = [1, 2];
    const naiveOthers = (5 + 3 * 3 + reports[0]! + reports[1]!) / 6; // manager + peers + direct reports
    const r = build([1, 2]);
    const manager = cellOf(r, 'q-shares', 'MANAGER').rating!;
    const peers = cellOf(r, 'q-shares', 'PEER').rating!;
    // Everything on the right is visible on the page; the result is the direct reports' average.
    const derived = (naiveOthers * 6 - sum(manager.distribution) - sum(peers.distribution)) / 2;
    expect(derived).toBeCloseTo(1.5);
  });

  it('"others" leaves a withheld perspective out and says so, so subtracting recovers nothing', () => {
    const r = build([1, 2]);
    const q = questionOf(r, 'q-shares');
    expect(cellOf(r, 'q-shares', 'DIRECT_REPORT').withheld?.reason).toBe('FEWER_THAN_THRESHOLD');
    expect(q.others).toEqual({
      count: 4,
      average: 3.5,
      distribution: [0, 0, 3, 0, 1],
      includes: ['MANAGER', 'PEER'],
      excluded: [{ perspective: 'DIRECT_REPORT', reason: 'FEWER_THAN_THRESHOLD' }],
    });
    expect(
      sum(q.others!.distribution) - sum(cellOf(r, 'q-shares', 'MANAGER').rating!.distribution) - sum(cellOf(r, 'q-shares', 'PEER').rating!.distribution),
    ).toBe(0);
    expect(q.self_others_gap).toBe(0.5);
  });

  it('every figure on the page is the same whatever the withheld people answered', () => {
    const low = build([1, 1], 'Never around');
    const high = build([5, 5], 'Always helpful');
    expect(high).toEqual(low);
    expect(high.sections[0]!.others).toEqual(low.sections[0]!.others);
    expect(high.overall).toEqual(low.overall);
  });

  it('a question withheld for one perspective does not leak through the section or overall figures', () => {
    const build2 = (mentorRatings: [number, number]) =>
      buildReviewResults(
        input([
          managerReview({ 'q-shares': 4, 'q-mentor': 4 }),
          ...group('PEER', 4, (i) => ({ 'q-shares': 3, ...(i < 2 ? { 'q-mentor': mentorRatings[i]! } : {}) })),
        ]),
      );
    const a = build2([1, 1]);
    expect(a).toEqual(build2([5, 4]));
    expect(sectionOf(a, 's-collab').others).toMatchObject({
      count: 6,
      includes: ['MANAGER', 'PEER'],
      excluded: [{ perspective: 'PEER', reason: 'QUESTION_FEWER_THAN_THRESHOLD' }],
    });
  });
});

describe('comments', () => {
  const submissions = [
    selfReview({ 'q-keep': 'I write the docs' }),
    managerReview({ 'q-keep': 'Great onboarding guides', 'q-mentor': { rating: 4, text: 'Coached two juniors' } }),
    ...group('PEER', 3, (i) => ({
      'q-keep': ['Pairing sessions', 'Code reviews', 'Demo days'][i]!,
      'q-mentor': { rating: 3 + (i % 2), text: `Peer mentor note ${i}` },
    })),
  ];

  it('signs self and manager comments and leaves peer comments unsigned', () => {
    const r = buildReviewResults(input(submissions));
    expect(cellOf(r, 'q-keep', 'SELF').comments).toEqual([{ text: 'I write the docs', reviewer_id: 'reviewee' }]);
    expect(cellOf(r, 'q-keep', 'MANAGER')).toMatchObject({ signed: true, comments: [{ text: 'Great onboarding guides', reviewer_id: 'manager-1' }] });
    expect(cellOf(r, 'q-mentor', 'MANAGER').answers).toEqual([{ reviewer_id: 'manager-1', rating: 4, text: 'Coached two juniors', choices: [] }]);
    const peer = cellOf(r, 'q-keep', 'PEER');
    expect(peer.signed).toBe(false);
    expect(peer.answers).toEqual([]);
    expect(peer.comments.map((c) => c.reviewer_id)).toEqual([null, null, null]);
    expect(peer.comments.map((c) => c.text).sort()).toEqual(['Code reviews', 'Demo days', 'Pairing sessions']);
    expect(JSON.stringify(r)).not.toMatch(/peer-\d/);
  });

  it("shows an anonymous rating + comment's comment only with its rating (the answers the threshold counted)", () => {
    const peers = group('PEER', 3, (i) => ({ 'q-mentor': i < 2 ? { rating: 4, text: `Rated note ${i}` } : { text: 'Unrated note' } }));
    const r = buildReviewResults(input([...peers, submission('peer-9', 'PEER', { 'q-mentor': 5 })]));
    expect(cellOf(r, 'q-mentor', 'PEER').rating?.count).toBe(3);
    expect(
      cellOf(r, 'q-mentor', 'PEER')
        .comments.map((c) => c.text)
        .sort(),
    ).toEqual(['Rated note 0', 'Rated note 1']);
  });

  it('orders anonymous comments the same whatever the submission order or reviewer ids', () => {
    const orderOf = (subs: typeof submissions) =>
      buildReviewResults(input(subs))
        .sections.flatMap((s) => s.questions)
        .flatMap((q) => q.cells)
        .map((c) => c.comments.map((x) => x.text));
    const base = orderOf(submissions);
    const reversed = orderOf([...submissions].reverse());
    const swap: Record<string, string> = { 'peer-1': 'peer-3', 'peer-2': 'peer-1', 'peer-3': 'peer-2' };
    const renamed = orderOf(submissions.map((s) => ({ ...s, reviewer_id: swap[s.reviewer_id] ?? s.reviewer_id })));
    const rotated = orderOf([submissions[3]!, submissions[4]!, submissions[0]!, submissions[2]!, submissions[1]!]);
    expect(reversed).toEqual(base);
    expect(renamed).toEqual(base);
    expect(rotated).toEqual(base);
  });
});

describe('private questions and viewers', () => {
  const submissions = [managerReview({ 'q-shares': 4, 'q-promo': 5 }), ...group('PEER', 3, () => ({ 'q-shares': 4, 'q-promo': 2 }))];

  it('hides private questions from the reviewee, prompt and figures alike', () => {
    const r = buildReviewResults(input(submissions));
    expect(r.sections.flatMap((s) => s.questions).map((q) => q.id)).toEqual(['q-shares', 'q-keep', 'q-mentor', 'q-focus']);
    expect(JSON.stringify(r)).not.toContain('promotion');
    // Nothing of the private answers reaches the pooled figures either.
    expect(r.overall.cells.find((c) => c.perspective === 'MANAGER')!.rating).toMatchObject({ count: 1, average: 4 });
    const changed = [managerReview({ 'q-shares': 4, 'q-promo': 1 }), ...group('PEER', 3, () => ({ 'q-shares': 4, 'q-promo': 5 }))];
    expect(buildReviewResults(input(changed))).toEqual(r);
  });

  it.each(['MANAGER', 'ADMIN'] as const)('shows private questions to a %s viewer', (role) => {
    const r = buildReviewResults(input(submissions, { role }));
    const promo = questionOf(r, 'q-promo');
    expect(promo.private).toBe(true);
    expect(promo.cells.map((c) => [c.perspective, c.rating?.average])).toEqual([
      ['MANAGER', 5],
      ['PEER', 2],
    ]);
    expect(r.viewer_role).toBe(role);
  });

  it('refuses a viewer who is neither the reviewee, a manager nor an admin', () => {
    expect(() => buildReviewResults(input(submissions, { role: 'OTHER', viewer: 'someone' }))).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });
});

describe('figures', () => {
  it('gives counts, averages, distributions, choices and the self vs others gap', () => {
    const r = buildReviewResults(
      input([
        selfReview({ 'q-shares': 5, 'q-focus': { choices: ['Hiring'] } }),
        managerReview({ 'q-shares': 3, 'q-focus': { choices: ['Coaching', 'Planning'] } }),
        ...group('PEER', 3, (i) => ({ 'q-shares': [2, 3, 3][i]!, 'q-focus': { choices: i === 0 ? ['Coaching', 'Unknown option'] : ['Coaching'] } })),
      ]),
    );
    expect(cellOf(r, 'q-shares', 'PEER').rating).toEqual({ count: 3, average: 2.67, distribution: [0, 1, 2, 0, 0] });
    expect(questionOf(r, 'q-shares').others).toMatchObject({ count: 4, average: 2.75 });
    expect(questionOf(r, 'q-shares').self_others_gap).toBe(2.25);
    expect(cellOf(r, 'q-focus', 'PEER').choices).toEqual([
      { option: 'Coaching', count: 3 },
      { option: 'Planning', count: 0 },
      { option: 'Hiring', count: 0 },
    ]);
    expect(questionOf(r, 'q-focus').others).toBeNull();
    expect(sectionOf(r, 's-collab').self_others_gap).toBe(2.25);
    expect(r.perspectives.map((p) => [p.perspective, p.respondents])).toEqual([
      ['SELF', 1],
      ['MANAGER', 1],
      ['PEER', 3],
      ['DIRECT_REPORT', 0],
    ]);
  });

  it('shows a perspective nobody answered as empty, not withheld: there is no one to protect', () => {
    const r = buildReviewResults(input([]));
    for (const p of ['SELF', 'MANAGER', 'PEER', 'DIRECT_REPORT'] as const) {
      expect(cellOf(r, 'q-shares', p)).toMatchObject({ withheld: null, respondents: 0, rating: { count: 0, average: null } });
    }
    expect(questionOf(r, 'q-shares').others).toMatchObject({ count: 0, average: null, includes: [], excluded: [] });
    expect(questionOf(r, 'q-shares').self_others_gap).toBeNull();
    // A reviewer's own lone answer still does not make the perspective visible to them.
    const own = buildReviewResults(input([submission('admin-1', 'PEER', { 'q-shares': 2 })], { role: 'ADMIN', viewer: 'admin-1' }));
    expect(cellOf(own, 'q-shares', 'PEER').withheld).toMatchObject({ have: 0, own_answer_excluded: true });
  });
});

describe('perspectives asked for', () => {
  it('leaves out a perspective nobody was asked for and says how many were asked of the others', () => {
    const r = buildReviewResults({
      ...input([...group('PEER', 3, () => ({ 'q-shares': 4 })), managerReview({ 'q-shares': 3 })]),
      asked: { SELF: 1, MANAGER: 1, PEER: 4 },
    });
    expect(r.perspectives.map((p) => [p.perspective, p.respondents, p.asked])).toEqual([
      ['SELF', 0, 1],
      ['MANAGER', 1, 1],
      ['PEER', 3, 4],
    ]);
    expect(questionOf(r, 'q-shares').cells.map((c) => c.perspective)).toEqual(['SELF', 'MANAGER', 'PEER']);
    expect(r.overall.cells.map((c) => c.perspective)).toEqual(['SELF', 'MANAGER', 'PEER']);
  });

  it('keeps a perspective that has answers even when no request is counted for it (a request declined after submitting is impossible, but data wins)', () => {
    const r = buildReviewResults({ ...input([managerReview({ 'q-shares': 3 })]), asked: {} });
    expect(r.perspectives.map((p) => [p.perspective, p.respondents, p.asked])).toEqual([['MANAGER', 1, 1]]);
  });
});

describe('input checks', () => {
  it.each([2, 0, -1, 2.5, Number.NaN])('rejects an anonymity threshold of %s', (threshold) => {
    let error: unknown;
    try {
      buildReviewResults(input([], { threshold }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: 'The anonymity threshold must be a whole number of at least 3.' });
  });

  it('refuses impossible data instead of miscounting it', () => {
    expect(() => buildReviewResults(input([managerReview({ 'q-shares': 6 })]))).toThrow(RangeError);
    expect(() => buildReviewResults(input([managerReview({}), managerReview({})]))).toThrow(/submitted twice/);
    expect(SECTIONS).toHaveLength(2);
  });
});

it("groups a cycle's flat question snapshot into ordered sections", () => {
  const row = (section_position: number, position: number, id: string) => ({
    ...SECTIONS[0]!.questions[0]!,
    id,
    section_position,
    section_title: `Section ${section_position}`,
    position,
  });
  const sections = sectionsFromSnapshot([row(1, 1, 'c'), row(0, 1, 'b'), row(1, 0, 'a'), row(0, 0, 'z')]);
  expect(sections.map((s) => [s.id, s.title, s.questions.map((q) => q.id)])).toEqual([
    ['section-0', 'Section 0', ['z', 'b']],
    ['section-1', 'Section 1', ['a', 'c']],
  ]);
});
