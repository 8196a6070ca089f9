/** How a day is written to people, the same on pages, in notifications and in emails. */
const dayFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "Dec 23, 2026". Dates are stored as UTC (a bare date is the end of that day, UTC): shown as that calendar day. */
export const formatDay = (iso: string | null | undefined): string => (iso ? dayFormat.format(new Date(iso)) : '—');

const dateTimeFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** "Jan 15, 2027, 00:00 UTC": a moment the server acts at (scheduled runs), in UTC as it counts them. */
export const formatDateTime = (iso: string | null | undefined): string => (iso ? `${dateTimeFormat.format(new Date(iso))} UTC` : '—');
