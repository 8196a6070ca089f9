import { z } from 'zod';
import type { MercuriusContext } from 'mercurius';
import { badInput, notFound } from '../../../shared/app-error.js';
import { FEEDBACK_LIMITS } from '../../../shared/feedback.js';
import { isoDay } from '../../../shared/iso-day.js';
import { requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import { decodeCursor, findReadableFeedback, listFeedbackAbout, listMyFeedback, listPraise, type FeedbackRow } from './feedback.read.repo.js';

import { dayStartsAt } from '../../../shared/dates.js';
import { addDaysToDay } from '../../../shared/dates.days.js';

type Ctx = MercuriusContext;

/** Default page size of the lists. */
export const FEEDBACK_PAGE_DEFAULT = 20;

/** A period of whole days (UTC), either end open: from inclusive, to inclusive. */
const periodSchema = z
  .object({
    from: isoDay.nullish(),
    to: isoDay.nullish(),
  })
  .refine((p) => !p.from || !p.to || p.from <= p.to, { message: 'The period must start on or before its end.', path: ['to'] });

const pagingSchema = z.object({
  first: z
    .number()
    .int()
    .min(1, 'Ask for at least 1 item.')
    .max(FEEDBACK_LIMITS.pageMax, `Ask for at most ${FEEDBACK_LIMITS.pageMax} items at a time.`)
    .nullish(),
  after: z.string().nullish(),
});

/** The period as instants: from its first millisecond, until the day after its end. */
function instantsOf(period: { from?: string | null; to?: string | null }): { from: string | null; until: string | null } {
  const p = parseInput(periodSchema, period);
  return {
    from: p.from ? dayStartsAt(p.from).toISOString() : null,
    until: p.to ? dayStartsAt(addDaysToDay(p.to, 1)).toISOString() : null,
  };
}

function pagingOf(args: { first?: number | null; after?: string | null }) {
  const p = parseInput(pagingSchema, args);
  const after = p.after ? decodeCursor(p.after) : null;
  if (p.after && !after) throw badInput('This list position is not valid any more: reload the list.', { fields: { after: 'Not a cursor of this list.' } });
  return { first: p.first ?? FEEDBACK_PAGE_DEFAULT, after };
}

const present = (page: { rows: FeedbackRow[]; total: number; nextCursor: string | null }) => ({
  items: page.rows,
  total: page.total,
  next_cursor: page.nextCursor,
});

/** One item the viewer may read; NOT_FOUND for anything else (unknown, another organization's, not readable: nothing tells them apart). */
export function requireReadableFeedback(ctx: Ctx, viewer: Viewer, id: string): FeedbackRow {
  const row = findReadableFeedback(ctx.services.db, viewer, id);
  if (!row) throw notFound('Feedback');
  return row;
}

type FilterArgs = {
  box: 'RECEIVED' | 'GIVEN';
  person_id?: string | null;
  tag_id?: string | null;
  from?: string | null;
  to?: string | null;
  first?: number | null;
  after?: string | null;
};

/**
 * Reading feedback (docs/decisions/0048): the viewer's received and given feedback, the praise wall,
 * one item, and what the viewer may read about a person beside a review. Each list is decided by
 * readableFeedback (feedback.visibility.repo.ts) in its SQL; admins read no more than anyone else.
 */
export const feedbackReadResolvers = {
  Query: {
    myFeedback: (_: unknown, args: { filter: FilterArgs }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const f = args.filter;
      const period = instantsOf(f);
      const paging = pagingOf(f);
      return present(
        listMyFeedback(ctx.services.db, viewer, { box: f.box, personId: f.person_id, tagId: f.tag_id, from: period.from, until: period.until, ...paging }),
      );
    },
    praiseWall: (_: unknown, args: { first?: number | null; after?: string | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const paging = pagingOf(args);
      return present(listPraise(ctx.services.db, viewer, paging.first, paging.after));
    },
    feedbackItem: (_: unknown, args: { id: string }, ctx: Ctx) => requireReadableFeedback(ctx, requireViewer(ctx), args.id),
    feedbackAbout: (_: unknown, args: { user_id: string; from?: string | null; to?: string | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const period = instantsOf(args);
      return listFeedbackAbout(ctx.services.db, viewer, args.user_id, period.from, period.until);
    },
  },
};
