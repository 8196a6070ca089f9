/** How a day is written to people, the same on pages, in notifications and in emails. */
const dayFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "Dec 23, 2026". Dates are stored as UTC (a bare date is the end of that day, UTC): shown as that calendar day. */
export const formatDay = (iso: string | null | undefined): string => (iso ? dayFormat.format(new Date(iso)) : '—');
