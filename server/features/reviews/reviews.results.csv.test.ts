import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { FORMULA_TRIGGERS } from '../../../shared/csv-safe.js';
import { group, input, managerReview, selfReview } from './reviews.results.fixtures.js';
import { REVIEW_RESULTS_CSV_HEADER, reviewResultsCsv } from './reviews.results.csv.js';
import { buildReviewResults } from './reviews.results.js';
import type { ResultViewerRole } from './reviews.results.types.js';

const names: Record<string, string> = { reviewee: 'Rita Reviewee', 'manager-1': '=Mallory Manager', 'peer-1': 'Pat Peer', 'report-1': 'Dana Report' };
const meta = { cycleName: '@Spring 360', revieweeName: 'Rita Reviewee', reviewerName: (id: string) => names[id] ?? id };

const submissions = [
  selfReview({ 'q-shares': 4, 'q-keep': '-I document everything' }),
  managerReview({ 'q-shares': 5, 'q-keep': '=HYPERLINK("http://evil.example","click")', 'q-promo': 5 }),
  ...group('PEER', 3, (i) => ({ 'q-shares': 3, 'q-keep': ['+1 for pairing', 'Runs demo days', '@here shout-outs'][i]!, 'q-promo': 2 })),
  ...group('DIRECT_REPORT', 2, () => ({ 'q-shares': 1, 'q-keep': 'Secret report comment' })),
];

function exportFor(role: ResultViewerRole) {
  const text = reviewResultsCsv(buildReviewResults(input(submissions, { role })), meta);
  const rows = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];
  return { text, rows, column: (name: (typeof REVIEW_RESULTS_CSV_HEADER)[number]) => REVIEW_RESULTS_CSV_HEADER.indexOf(name) };
}

describe('results CSV export', () => {
  it('has no cell a spreadsheet would run as a formula', () => {
    const { text, rows } = exportFor('MANAGER');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const risky = rows.flat().filter((cell) => cell.length > 0 && FORMULA_TRIGGERS.has(cell[0]!));
    expect(risky).toEqual([]);
    // The neutralised values are still there, readable, behind a quote.
    expect(rows.flat()).toEqual(
      expect.arrayContaining([
        "'@Spring 360",
        "'=Mallory Manager",
        '\'=HYPERLINK("http://evil.example","click")',
        "'+1 for pairing",
        "'-I document everything",
      ]),
    );
  });

  it('holds only what the reviewee may see: no withheld, private or anonymous-identity data', () => {
    const { text, rows, column } = exportFor('REVIEWEE');
    expect(rows[0]).toEqual([...REVIEW_RESULTS_CSV_HEADER]);
    expect(text).not.toContain('Secret report comment');
    expect(text).not.toContain('promotion');
    expect(text).not.toContain('Pat Peer');
    expect(text).not.toContain('Dana Report');
    const reports = rows.filter((r) => r[column('Perspective')] === 'Direct report');
    expect(reports.length).toBeGreaterThan(0);
    for (const r of reports) {
      expect(r[column('Status')]).toBe('Withheld: 2 reviews; at least 3 are needed to keep reviewers anonymous');
      expect(r[column('Average')]).toBe('');
      expect(r[column('Comment')]).toBe('');
    }
    const peerComments = rows.filter((r) => r[column('Perspective')] === 'Peer' && r[column('Status')] === 'Comment');
    expect(peerComments.map((r) => r[column('Reviewer')])).toEqual(['', '', '']);
    expect(peerComments.map((r) => r[column('Comment')]).sort()).toEqual(["'+1 for pairing", "'@here shout-outs", 'Runs demo days']);
  });

  it('signs self and manager answers with names and shows the figures of shown perspectives', () => {
    const { rows, column } = exportFor('REVIEWEE');
    const shares = rows.filter((r) => r[column('Question')] === 'Shares knowledge with the team');
    const byPerspective = (p: string, status: string) => shares.find((r) => r[column('Perspective')] === p && (r[column('Status')] ?? '').startsWith(status))!;
    expect(byPerspective('Manager', 'Answer')[column('Reviewer')]).toBe("'=Mallory Manager");
    expect(byPerspective('Self', 'Answer')[column('Reviewer')]).toBe('Rita Reviewee');
    const peers = byPerspective('Peer', 'Shown');
    expect([peers[column('Responses')], peers[column('Average')], peers[column('Rated 3')]]).toEqual(['3', '3', '3']);
    const others = byPerspective('Others (everyone but self)', 'Shown');
    expect(others[column('Status')]).toBe('Shown (includes Manager, Peer; leaves out Direct report (too few reviews))');
    expect([others[column('Responses')], others[column('Average')], others[column('Self minus others')]]).toEqual(['4', '3.5', '0.5']);
  });

  it('includes private questions for a manager, marked as private', () => {
    const { rows, column } = exportFor('MANAGER');
    const promo = rows.filter((r) => r[column('Question')] === 'Ready for promotion (private)');
    expect(promo.find((r) => r[column('Perspective')] === 'Peer' && r[column('Status')] === 'Shown')![column('Average')]).toBe('2');
  });
});
