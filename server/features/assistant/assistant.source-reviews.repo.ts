import { PERSPECTIVE_LABELS, type Perspective } from '../../../shared/review-template.schemas.js';
import { canOpenRequest } from '../reviews/reviews.requests.resolvers.js';
import { readableReviewResults, type LoadedResults } from '../reviews/reviews.results.access.js';
import type { QuestionResult } from '../reviews/reviews.results.types.js';
import { ADMIN_TAG, tokenSql } from './assistant.index.repo.js';
import { fingerprint, srcList, type LoadedPassage, type SourceKind } from './assistant.sources.js';
import { stmt } from './assistant.statements.repo.js';

/**
 * Review answers (docs/decisions/0017, 0018): the written answers of submitted reviews. Audience: the
 * reviewer, the reviewee, the reviewee's manager in the cycle, admins. Read again two ways only:
 * - the reviewer's own answer (canOpenRequest, the rule of the answer page), as written;
 * - an answer that the reviews' results show this asker now (readableReviewResults: closed cycle,
 *   released for the reviewee, private questions hidden from them, thresholds, the asker's own answer
 *   not counted): a signed perspective's answer with its reviewer, an anonymous one's comment
 *   unsigned, exactly as the results page shows it. Anything withheld there is not found here.
 */
type Row = {
  src: number;
  id: string;
  text: string;
  question_id: string;
  request_id: string;
  reviewer_id: string;
  perspective: Perspective;
  participant_id: string;
  cycle_id: string;
  cycle_name: string;
  review_end: string;
  prompt: string;
  organization_id: string;
};

const ANONYMOUS: readonly Perspective[] = ['PEER', 'DIRECT_REPORT'];
/**
 * Results built per question, at most: each is a reviewee's whole results (every submitted review).
 * Candidates come newest first; answers of further reviewees are left out of this answer.
 */
export const RESULTS_MAX = 10;

/** How the results page shows this answer to the asker: signed with its reviewer, unsigned, or not at all. */
function shownAs(results: LoadedResults, r: Row): { signed: boolean } | null {
  const text = r.text.trim();
  const question = results.results.sections.flatMap((s) => s.questions).find((q: QuestionResult) => q.id === r.question_id);
  const cell = question?.cells.find((c) => c.perspective === r.perspective);
  if (!cell || cell.withheld) return null;
  if (cell.signed) {
    const signed =
      cell.answers.some((a) => a.reviewer_id === r.reviewer_id && (a.text ?? '').trim() === text) ||
      cell.comments.some((c) => c.reviewer_id === r.reviewer_id && c.text.trim() === text);
    return signed ? { signed: true } : null;
  }
  return cell.comments.some((c) => c.reviewer_id === null && c.text.trim() === text) ? { signed: false } : null;
}

export const reviewAnswerKind: SourceKind = {
  kind: 'review_answer',
  audience: ['p', 'adm'],
  index: {
    kind: 'review_answer',
    code: 10,
    table: 'review_answers',
    from: 'review_answers s join review_requests q on q.id = s.request_id join review_participants p on p.id = q.participant_id',
    where: `q.status = 'SUBMITTED' and trim(coalesce(s.text, '')) <> ''`,
    // The cycle's end, never a review's submission time: the times of anonymous answers would tell which came from the same reviewer.
    org: 's.organization_id',
    at: '(select c.review_end from review_cycles c where c.id = q.cycle_id)',
    body: 's.text',
    tags: [tokenSql('p', 'q.reviewer_id'), tokenSql('p', 'p.reviewee_id'), tokenSql('s', 'p.reviewee_id'), tokenSql('p', 'p.manager_id'), ADMIN_TAG],
    columns: ['text', 'request_id', 'question_id'],
    dependents: [
      { table: 'review_requests', columns: ['status', 'reviewer_id', 'participant_id'], where: (row) => `s.request_id = ${row}.id` },
      {
        table: 'review_participants',
        columns: ['manager_id', 'reviewee_id'],
        where: (row) => `s.request_id in (select id from review_requests where participant_id = ${row}.id)`,
      },
      { table: 'review_cycles', columns: ['review_end'], where: (row) => `s.request_id in (select id from review_requests where cycle_id = ${row}.id)` },
    ],
  },
  load(ctx, srcs) {
    const rows = stmt(
      ctx.db,
      `select s.rowid as src, s.id, s.text, s.question_id, s.request_id, s.organization_id, q.reviewer_id, q.perspective,
        q.participant_id, q.cycle_id, c.review_end, c.name as cycle_name, k.prompt
      from json_each(?) j cross join review_answers s on s.rowid = j.value join review_requests q on q.id = s.request_id join review_cycles c on c.id = q.cycle_id
      join review_cycle_questions k on k.id = s.question_id
      where s.organization_id = ? and q.status = 'SUBMITTED'`,
    ).all(srcList(srcs), ctx.viewer.organizationId) as Row[];
    const resultsOf = new Map<string, LoadedResults | null>();
    const results = (participantId: string) => {
      if (!resultsOf.has(participantId)) {
        if (resultsOf.size >= RESULTS_MAX) return null;
        resultsOf.set(participantId, readableReviewResults(ctx.db, ctx.viewer, participantId));
      }
      return resultsOf.get(participantId) ?? null;
    };
    const who = ctx.names(rows.map((r) => r.reviewer_id));
    const out: LoadedPassage[] = [];
    for (const r of rows) {
      if (!r.text?.trim()) continue;
      // The cycle's end for every answer (see the declaration): nothing dates one reviewer's answers.
      const at = r.review_end;
      const base = { kind: 'review_answer' as const, src: r.src, fp: fingerprint('review_answer', r.id), text: r.text, at, tone: false };
      if (canOpenRequest(ctx.viewer, r)) {
        out.push({
          ...base,
          author: who.get(r.reviewer_id) ?? null,
          label: `Your answer to “${r.prompt}”`,
          audit: `review_request:${r.request_id}`,
          group: {
            key: `review_request:${r.request_id}`,
            source: 'REVIEWS',
            title: `Your review in ${r.cycle_name}`,
            link: `/reviews/pending?request=${r.request_id}`,
          },
        });
        continue;
      }
      const loaded = results(r.participant_id);
      const shown = loaded && shownAs(loaded, r);
      if (!loaded || !shown) continue;
      const perspective = PERSPECTIVE_LABELS[r.perspective].toLowerCase();
      const unsigned = !shown.signed || ANONYMOUS.includes(r.perspective);
      out.push({
        ...base,
        author: unsigned ? null : (who.get(r.reviewer_id) ?? 'A former colleague'),
        label: unsigned ? `Unsigned ${perspective} comment on “${r.prompt}”` : `${PERSPECTIVE_LABELS[r.perspective]} answer to “${r.prompt}”`,
        audit: `review_results:${r.participant_id}`,
        group: {
          key: `review_results:${r.participant_id}`,
          source: 'REVIEWS',
          title: `Review results, ${r.cycle_name}`,
          link: `/reviews?id=${r.cycle_id}&results=${r.participant_id}`,
        },
      });
    }
    return out;
  },
};
