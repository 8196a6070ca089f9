/**
 * How Teamlens writes dates, times, counts and percentages to people: on pages, in notifications
 * and in emails alike (docs/decisions/0070). Nothing else builds an Intl date or number formatter
 * or calls toLocale*String (eslint.config.js enforces it).
 *
 * Whose clock (`zone`):
 * - left out (`undefined`): the clock of the runtime, which in the browser is the reader's;
 * - `null`: UTC, and moments and times say so (" UTC"): server-side text for a person who set no
 *   time zone in their profile;
 * - an IANA name ("Europe/Berlin"): that zone (a person's profile time zone). An unknown name is
 *   read as null.
 *
 * Calendar days are never shifted by a zone: a bare `YYYY-MM-DD` is that day, and so is the form
 * date-only deadlines are stored in (the end of that day in UTC, `YYYY-MM-DDT23:59:59.999Z`, see
 * shared/review-cycle.schemas.ts). Any other instant is shown as the day it is in the reader's zone.
 */

export type Moment = string | number | Date;
export type Zone = string | null | undefined;

const NONE = '—';
const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;
const BARE_MONTH = /^\d{4}-\d{2}$/;
const STORED_DAY = /^(\d{4}-\d{2}-\d{2})T23:59:59\.999Z$/;

const SHAPES = {
  day: { month: 'short', day: 'numeric', year: 'numeric' },
  shortDay: { month: 'short', day: 'numeric' },
  month: { month: 'short', year: 'numeric' },
  moment: { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  weekdayMoment: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  weekdayTime: { weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
type Shape = keyof typeof SHAPES;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(shape: Shape, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${shape} ${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat('en', { ...SHAPES[shape], timeZone })));
  return f;
}

const zoneNames = new Map<string, boolean>();
/** Whether `zone` is an IANA time zone name this runtime knows. */
export function isTimeZone(zone: string): boolean {
  let known = zoneNames.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (zoneNames.size < 1_000) zoneNames.set(zone, known);
  }
  return known;
}

/** The zone to format in, and whether the text must say " UTC". */
function clock(zone: Zone): { timeZone: string | undefined; utc: boolean } {
  if (zone === undefined) return { timeZone: undefined, utc: false };
  if (zone && isTimeZone(zone)) return { timeZone: zone, utc: false };
  return { timeZone: 'UTC', utc: true };
}

function instant(value: Moment): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function writeDay(shape: Shape, value: Moment | null | undefined, zone: Zone): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'string') {
    const day = BARE_DAY.test(value) ? value : STORED_DAY.exec(value)?.[1];
    if (day) return formatter(shape, 'UTC').format(new Date(`${day}T00:00:00.000Z`));
  }
  const d = instant(value);
  return d ? formatter(shape, clock(zone).timeZone).format(d) : NONE;
}

function writeMoment(shape: Shape, value: Moment | null | undefined, zone: Zone): string {
  if (value === null || value === undefined || value === '') return NONE;
  const d = instant(value);
  if (!d) return NONE;
  const { timeZone, utc } = clock(zone);
  const text = formatter(shape, timeZone).format(d);
  return utc ? `${text} UTC` : text;
}

/** A calendar day: "Dec 6, 2026"; "—" when there is none. */
export const formatDay = (value: Moment | null | undefined, zone?: Zone): string => writeDay('day', value, zone);

/** A day without its year, for chart axes and compact tables: "Dec 6". */
export const formatShortDay = (value: Moment | null | undefined, zone?: Zone): string => writeDay('shortDay', value, zone);

/** A calendar month, given as "2026-12" or any day or instant in it: "Dec 2026". */
export const formatMonth = (value: Moment | null | undefined, zone?: Zone): string =>
  writeDay('month', typeof value === 'string' && BARE_MONTH.test(value) ? `${value}-01` : value, zone);

/** A moment: "Dec 6, 2026, 18:48" (24-hour clock), "Dec 6, 2026, 18:48 UTC" when `zone` is null. */
export const formatDateTime = (value: Moment | null | undefined, zone?: Zone): string => writeMoment('moment', value, zone);

/** A moment on a schedule, with its weekday: "Mon, Dec 7, 2026, 09:00". */
export const formatWeekdayDateTime = (value: Moment | null | undefined, zone?: Zone): string => writeMoment('weekdayMoment', value, zone);

/** A weekly repeating moment: "Monday 09:00" ("Monday 09:00 UTC" when `zone` is null). */
export const formatWeekdayTime = (value: Moment | null | undefined, zone?: Zone): string => writeMoment('weekdayTime', value, zone);

/** A time of day: "18:48" ("18:48 UTC" when `zone` is null). */
export const formatTime = (value: Moment | null | undefined, zone?: Zone): string => writeMoment('time', value, zone);

// Made on first use: the first Intl object a page or a process makes loads the locale data (~10 ms),
// which neither a page's start nor a server start need pay (docs/decisions/0077, 0062).
let relativeMade: Intl.RelativeTimeFormat | undefined;
const relative = () => (relativeMade ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));
const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;

/** How long ago (or how soon): "just now", "5 minutes ago", "yesterday", "in 3 hours"; a week or more away, the moment itself. */
export function formatRelativeTime(value: Moment, now: number = Date.now(), zone?: Zone): string {
  const d = instant(value);
  if (!d) return NONE;
  const seconds = Math.round((d.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  if (abs < HOUR) return relative().format(Math.round(seconds / MINUTE), 'minute');
  if (abs < DAY) return relative().format(Math.round(seconds / HOUR), 'hour');
  if (abs < 7 * DAY) return relative().format(Math.round(seconds / DAY), 'day');
  return formatDateTime(d, zone);
}

/** "1,234,567": what Intl's "en" writes for a whole number, without Intl (see formatNumber). */
function groupThousands(n: number): string {
  const digits = String(Math.abs(n));
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}

const numbers = new Map<number, Intl.NumberFormat>();
/**
 * A number with English thousands separators and at most `maxDecimals` decimals: "1,234", "12.5".
 * Whole numbers are written without Intl: schemas write their limits into messages when a module
 * loads, and the first Intl formatter of a process costs ~10 ms, which every server start would pay
 * (docs/decisions/0062).
 */
export function formatNumber(n: number | null | undefined, maxDecimals = 2): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NONE;
  if (Number.isSafeInteger(n)) return groupThousands(n);
  let f = numbers.get(maxDecimals);
  if (!f) numbers.set(maxDecimals, (f = new Intl.NumberFormat('en', { maximumFractionDigits: maxDecimals })));
  return f.format(n === 0 ? 0 : n).replace(/^-(?=0(\.0*)?$)/, '');
}

const money = new Map<string, Intl.NumberFormat>();
/** An amount in a currency's smallest unit (cents), as Stripe gives it: "$12.00", "€9.50". */
export function formatMoney(minorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  let f = money.get(code);
  if (!f) money.set(code, (f = new Intl.NumberFormat('en', { style: 'currency', currency: code })));
  return f.format(minorUnits / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
}

/** Float noise (0.29 * 100 = 28.999999999999996) must not move a rounding. */
const FLOAT_SLACK = 1e-9;

/**
 * `percent` rounded to the nearest `step` (1, or 0.1 for precise ones), except that a value between
 * 0 and 100 never becomes 0 or 100: "100%" reads as all and "0%" as none (99.6 is 99, 0.3 is 1).
 */
function roundPercent(percent: number, step: number): number {
  const rounded = Math.round(percent / step + FLOAT_SLACK) * step;
  if (percent <= 0 || percent >= 100) return rounded;
  return Math.min(100 - step, Math.max(step, Math.round(rounded * 10) / 10));
}

/**
 * A percentage, given in percent (43 for 43 %): a whole number, "43%" (rounded as roundPercent says).
 * `precise` (tables and tiles of measurements, never prose) keeps one decimal below 10 %, where
 * rounding would change the reading: "0.4%", "2.5%", but "43%" and "0%".
 */
export function formatPercent(percent: number | null | undefined, options: { precise?: boolean } = {}): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return NONE;
  const small = !!options.precise && percent > -10 && percent < 10;
  return `${formatNumber(roundPercent(percent, small ? 0.1 : 1), small ? 1 : 0)}%`;
}

/**
 * The whole percentage `part` is of `whole`, as formatPercent rounds it: never 100 while something
 * is left nor 0 once something is done. More than the whole is 100. Null when the whole is 0: a
 * share of nothing is no number.
 */
export function ratioPercent(part: number, whole: number): number | null {
  if (!(whole > 0)) return null;
  if (part >= whole) return 100;
  return roundPercent((Math.max(0, part) / whole) * 100, 1);
}

/**
 * "3 of 7 (43%)", or with what was counted, "3 of 7 done (43%)". 0 of 0 is "0 of 0" without a
 * percentage (see ratioPercent); callers with a word for it ("Nothing to do") show the word.
 */
export function formatRatio(part: number, whole: number, what?: string): string {
  const percent = ratioPercent(part, whole);
  const counted = `${formatNumber(part)} of ${formatNumber(whole)}${what ? ` ${what}` : ''}`;
  return percent === null ? counted : `${counted} (${percent}%)`;
}
