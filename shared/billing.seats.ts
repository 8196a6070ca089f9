/**
 * Who counts as a seat, as the billing page's filter names it. A module of its own: the billing
 * page's search rule is in the web app's entry chunk, and importing it from billing.ts built the
 * billing schemas there too (docs/decisions/0077).
 */
export const SEAT_STATES = ['ACTIVE', 'INVITED'] as const;
export type SeatState = (typeof SEAT_STATES)[number];
