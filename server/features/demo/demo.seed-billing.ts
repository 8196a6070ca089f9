import type { Services } from '../../services.js';
import { recordSeatDay } from '../billing/billing.seats.repo.js';
import { registerDemoRows } from './demo.repo.js';

import { DAY_MS } from '../../../shared/dates.days.js';
import { dayOf } from '../../../shared/dates.js';
/** The demo company's seats at the start of each of the last 12 months, oldest first: it grew to its 29 people. */
const GROWTH = [12, 13, 15, 16, 18, 19, 21, 21, 23, 25, 27, 29];

/**
 * A year of seat history for the demo organization's billing page (docs/decisions/0068), one row per
 * day up to yesterday, registered as demo data so it goes with the rest (docs/decisions/0036). The
 * demo people themselves never count as seats; this history shows how the page reads over a year.
 */
export function seedDemoBilling(services: Services, orgId: string): void {
  const { db } = services;
  const now = new Date(services.scheduler.now());
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const ids: string[] = [];
  db.transaction(() => {
    for (let back = 365; back >= 1; back--) {
      const at = today - back * DAY_MS;
      const step = Math.min(GROWTH.length - 1, Math.floor(((365 - back) / 365) * GROWTH.length));
      const base = GROWTH[step]!;
      // Newcomers wait a few days for their invitation to be accepted.
      const invited = new Date(at).getUTCDate() <= 4 && step > 0 ? Math.max(0, base - GROWTH[step - 1]!) : 0;
      ids.push(recordSeatDay(db, orgId, dayOf(at), { seats: base, active: base - invited, invited }));
    }
    registerDemoRows(db, orgId, 'billing_seat_history', ids);
  });
}
