import { ASSISTANT_SOURCES, type AssistantSource } from '../../../shared/assistant.js';
import { STOP_WORDS, tokenize } from './assistant.words.js';

import { addDays, addMonthsToDay, dayOf } from '../../../shared/dates.js';
import { addDaysToDay } from '../../../shared/dates.days.js';

/**
 * What a question asks (docs/decisions/0066), read without a model: the words to search for, the
 * sources it names ("feedback", "retros"), the time it names ("lately", "last month", "since March"),
 * and whether it is about the asker ("I received", "about me"). Names of people and teams are found
 * by assistant.names.repo.ts. Everything else is left to the words.
 */
export type ParsedQuestion = {
  /** Content words (lower case, unstemmed): searched in the index and used for ranking. */
  terms: string[];
  sources: AssistantSource[] | null;
  since: string | null;
  until: string | null;
  /** How the time was said, for the answer's scope line. */
  timeText: string | null;
  aboutMe: boolean;
};

const SOURCE_WORDS: Array<[RegExp, AssistantSource]> = [
  [/\b(retros?|retrospectives?|reflections?|action items?)\b/i, 'RETROS'],
  [/\b(feedback|praise|kudos)\b/i, 'FEEDBACK'],
  [/\b(notes?|1:1s?|one[- ]on[- ]ones?|talking points?|agenda)\b/i, 'NOTES'],
  [/\b(goals?|okrs?|key results?|check[- ]?ins?|objectives?)\b/i, 'GOALS'],
  [/\b(reviews?|360s?)\b/i, 'REVIEWS'],
  [/\b(self[- ]assessments?|assessments?)\b/i, 'ASSESSMENTS'],
  [/\b(development plans?|growth plans?)\b/i, 'DEVELOPMENT_PLANS'],
];
/** Phrases where a source's word names something else ("code reviews" are not review cycles): not read as a source. */
const NOT_A_SOURCE =
  /\b(?:code|design|pull[- ]request|pr|security|architecture|post[- ]?mortem)\s+reviews?\b|\b(?:sprint|team|release)\s+goals?\b|\b(?:release|meeting|design)\s+notes?\b/gi;

/** Words that only say where to look: not searched for once the source is known. */
const SOURCE_TERMS = new Set([
  'retro',
  'retros',
  'retrospective',
  'retrospectives',
  'reflection',
  'reflections',
  'feedback',
  'praise',
  'kudos',
  'note',
  'notes',
  '1',
  'one',
  'ones',
  'on',
  'goal',
  'goals',
  'okr',
  'okrs',
  'check',
  'checkin',
  'checkins',
  'ins',
  'review',
  'reviews',
  '360',
  'assessment',
  'assessments',
  'self',
  'development',
  'plan',
  'plans',
  'growth',
  'talking',
  'point',
  'points',
  'agenda',
  'key',
  'result',
  'results',
  'objective',
  'objectives',
  'received',
  'receive',
  'get',
  'got',
  'gave',
  'given',
  'giving',
  'write',
  'wrote',
  'written',
  'mine',
  'action',
  'item',
  'items',
]);

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** A month by its name or its first three letters (and "sept"). */
const MONTH_RE = '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?';
const monthIndex = (word: string) => MONTHS.findIndex((m) => m.startsWith(word.slice(0, 3)));
const MONTH_WORDS = new Set([...MONTHS, 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec']);
/** The day `days` before `now` (UTC). */
const daysAgo = (now: number, days: number) => dayOf(addDays(now, -days));
/** The first day of month `m` (0 January; below 0 or above 11 runs into the years around) of year `y`. */
const monthStart = (y: number, m: number) => addMonthsToDay(`${y}-01-01`, m);

/** The time a question names, as [since, until) days (UTC), by the given clock. */
export function timeOf(question: string, now: number): { since: string | null; until: string | null; text: string | null } {
  const q = question.toLowerCase();
  const today = new Date(now);
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const unitDays: Record<string, number> = { day: 1, days: 1, week: 7, weeks: 7, month: 30, months: 30, quarter: 91, quarters: 91, year: 365, years: 365 };
  let match = /\b(?:last|past|previous)\s+(\d{1,3})\s+(days?|weeks?|months?|quarters?|years?)\b/.exec(q);
  if (match) return { since: daysAgo(now, Number(match[1]) * unitDays[match[2]!]!), until: null, text: `the last ${match[1]} ${match[2]}` };
  match = /\bsince\s+(\d{4}-\d{2}-\d{2})\b/.exec(q);
  if (match && !Number.isNaN(Date.parse(match[1]!))) return { since: match[1]!, until: null, text: `since ${match[1]}` };
  // "since March", "in Oct 2026", "since Sep 7, 2026" (a day: from that day; a month alone: from its first day).
  match = new RegExp(`\\b(since|in)\\s+${MONTH_RE}(?:\\s+(\\d{1,2})(?!\\d))?,?(?:\\s+(\\d{4}))?\\b`).exec(q);
  if (match) {
    const month = monthIndex(match[2]!);
    const name = MONTHS[month]!;
    const year = match[4] ? Number(match[4]) : month > m ? y - 1 : y;
    const day = match[3] ? Math.min(31, Math.max(1, Number(match[3]))) : null;
    if (match[1] === 'since') {
      const start = day ? addDaysToDay(monthStart(year, month), day - 1) : monthStart(year, month);
      return { since: start, until: null, text: `since ${day ? `${name} ${day}, ` : `${name} `}${year}` };
    }
    return { since: monthStart(year, month), until: monthStart(year, month + 1), text: `in ${name} ${year}` };
  }
  if (/\bthis week\b/.test(q)) return { since: daysAgo(now, 7), until: null, text: 'this week' };
  if (/\blast week\b/.test(q)) return { since: daysAgo(now, 14), until: daysAgo(now, 7), text: 'last week' };
  if (/\bthis month\b/.test(q)) return { since: monthStart(y, m), until: null, text: 'this month' };
  if (/\blast month\b/.test(q)) return { since: monthStart(y, m - 1), until: monthStart(y, m), text: 'last month' };
  if (/\bthis quarter\b/.test(q)) return { since: monthStart(y, m - (m % 3)), until: null, text: 'this quarter' };
  if (/\blast quarter\b/.test(q)) return { since: monthStart(y, m - (m % 3) - 3), until: monthStart(y, m - (m % 3)), text: 'last quarter' };
  if (/\bthis year\b/.test(q)) return { since: `${y}-01-01`, until: null, text: 'this year' };
  if (/\blast year\b/.test(q)) return { since: `${y - 1}-01-01`, until: `${y}-01-01`, text: `in ${y - 1}` };
  if (/\b(lately|recently|recent|these days)\b/.test(q)) return { since: daysAgo(now, 90), until: null, text: 'the last 90 days' };
  return { since: null, until: null, text: null };
}

export function parseQuestion(question: string, now: number): ParsedQuestion {
  const naming = question.replace(NOT_A_SOURCE, ' ');
  const sources = ASSISTANT_SOURCES.filter((s) => SOURCE_WORDS.some(([re, source]) => source === s && re.test(naming)));
  const time = timeOf(question, now);
  const aboutMe = /\b(i (?:have )?(?:received|got|get)|about me|for me|my (?:feedback|goals?|reviews?|notes?|plan|assessments?|development))\b/i.test(question);
  // A possessive is the word itself: "the Platform team's retros" searches no "teams".
  const words = tokenize(question.replace(/(\p{L})['’]s\b/gu, '$1')).filter(
    (w) => w.length > 1 && !STOP_WORDS.has(w) && !/^\d+$/.test(w) && !MONTH_WORDS.has(w),
  );
  const terms = [...new Set(words.filter((w) => !(sources.length && SOURCE_TERMS.has(w))))].slice(0, 12);
  return { terms, sources: sources.length ? sources : null, since: time.since, until: time.until, timeText: time.text, aboutMe };
}
