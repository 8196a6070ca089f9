import { describe, expect, it } from 'vitest';
import type { ReminderCandidate } from './reviews.progress.repo.js';
import { reminderText } from './reviews.reminders.js';

const owed = (reviewee: string, due: string, reviewer = 'me'): ReminderCandidate => ({
  request_id: `r-${reviewee}`,
  organization_id: 'o',
  cycle_id: 'c',
  cycle_name: 'Autumn 360',
  reviewer_id: reviewer,
  reviewee_id: reviewee === 'Me' ? reviewer : reviewee,
  reviewee_name: reviewee,
  due_at: `${due}T23:59:59.999Z`,
});
const now = new Date('2026-11-23T12:00:00.000Z');

describe('reminder wording', () => {
  it('one review, the self review, several and many', () => {
    expect(reminderText([owed('Ada', '2026-11-25')], 'before', now)).toEqual({
      title: 'Review due Nov 25, 2026',
      body: 'Autumn 360: please write your review of Ada by Nov 25, 2026.',
    });
    expect(reminderText([owed('Me', '2026-11-25')], 'manual', now).body).toBe(
      'Autumn 360: please write your self review by Nov 25, 2026. (A reminder from your manager or admin.)',
    );
    expect(reminderText([owed('Me', '2026-11-25'), owed('Ada', '2026-11-25')], 'before', now)).toEqual({
      title: '2 reviews due Nov 25, 2026',
      body: 'Autumn 360: please write your 2 reviews (your self review and Ada) by Nov 25, 2026.',
    });
    expect(
      reminderText(
        ['A', 'B', 'C', 'D', 'E'].map((n) => owed(n, '2026-11-25')),
        'before',
        now,
      ).body,
    ).toBe('Autumn 360: please write your 5 reviews (A, B, C and 2 others) by Nov 25, 2026.');
  });

  it('overdue: all late, or some of them', () => {
    expect(reminderText([owed('Ada', '2026-11-20'), owed('Bo', '2026-11-20')], 'overdue', now)).toEqual({
      title: 'Overdue reviews',
      body: 'Autumn 360: please write your 2 reviews (Ada and Bo) as soon as you can: they were due on Nov 20, 2026.',
    });
    expect(reminderText([owed('Ada', '2026-11-20'), owed('Bo', '2026-11-24')], 'manual', now).body).toBe(
      'Autumn 360: please write your 2 reviews (Ada and Bo) as soon as you can: 1 is past due. (A reminder from your manager or admin.)',
    );
  });
});
