/**
 * Disposable (throwaway) mail domains: the union of two maintained npm lists, guarded.
 *
 * Sources (their DATA only; their per-email functions are slow or wrong, see
 * docs/email-check.md):
 * - `mailchecker` (MIT): `blacklist()` returns the package's own Set (~56k domains).
 *   Never mutate it: the package's `addCustomDomains()` would leak into ours and vice versa.
 * - `disposable-email-domains-js` (CC0): `disposableEmailBlocklist()` returns its JSON array
 *   (~9k domains).
 *
 * Guards:
 * - free providers are removed (they are classified "free", not "disposable");
 * - real organisations that a list names by mistake are removed, with their subdomains
 *   (`KNOWN_REAL_ORGANISATIONS`);
 * - an entry that is itself a public suffix (ICANN or private section of the public suffix
 *   list: edu.pl, com.ar, spb.ru, zp.ua, nom.za, ...) never matches. Checking all ~60k entries
 *   against the suffix list costs ~90 ms on a cold process, over the 50 ms load budget, so this
 *   guard runs on a HIT instead (once per distinct listed domain, memoised):
 *   `findListedDisposable()` is the lookup to use, not `Set#has` on the raw set.
 *   `guardDomainList()` applies every guard eagerly, for tests, audits and list refreshes.
 *   With the packages' current data this drops 25 entries, e.g. msk.ru and zp.ua (which would
 *   flag schools under them) but also whole dynamic-DNS zones (ddns.net, hopto.org, dns.army).
 *
 * Extra list (server/lib/disposable-list-refresh.ts, an admin's DISPOSABLE_LIST_URL):
 * `setExtraDisposableDomains()` replaces a second set consulted next to the shipped one. Its
 * entries get the same guards (normalised and validated first, since a downloaded list is
 * untrusted text; free providers and real organisations dropped; public suffixes never match,
 * by the same hit-time guard). The shipped list always stays.
 *
 * Browser bundle (mailchecker's package.json even says "browsers": false): these static imports put ~1 MB of list data (plus tldts' suffix trie) into
 * any bundle that imports shared/email-check.ts, so no page imports it: the server answers with a
 * field error instead (docs/decisions/0061; eslint refuses these modules in client/).
 * Loading the data costs ~100 ms once per process (mailchecker's 1 MB source is parsed then),
 * separate from the build below: the packages are loaded on the first check, not when the server
 * starts (docs/decisions/0062, warm start), synchronously since the checks are (through `require`;
 * the single executable bundles these requires, scripts/binary/esbuild-native.mjs).
 */
import { createRequire } from 'node:module';
import { FREE_EMAIL_PROVIDERS } from './free-providers.js';

const require = createRequire(import.meta.url);
type Tldts = typeof import('tldts');
let tldts: Tldts | undefined;
const getPublicSuffix: Tldts['getPublicSuffix'] = (...args) => (tldts ??= require('tldts') as Tldts).getPublicSuffix(...args);

/**
 * Real organisations wrongly present in a source list (found by checking the lists against
 * ~24k university domains (the swot list) and ~450 large companies' domains). The entry and its subdomains
 * are never treated as disposable.
 */
export const KNOWN_REAL_ORGANISATIONS: readonly string[] = [
  'nus.edu.sg', // National University of Singapore (mailchecker)
  // Luhansk State Medical University per the swot list (mailchecker); the domain may have
  // lapsed and been reused, but refusing a real university is the worse mistake.
  'lsmu.com',
];

interface MailcheckerApi {
  blacklist(): Set<string>;
}

function mailcheckerApi(): MailcheckerApi {
  const api = require('mailchecker') as Partial<MailcheckerApi>;
  if (typeof api.blacklist !== 'function') throw new Error('mailchecker: blacklist() not found');
  return api as MailcheckerApi;
}

/** The raw lists, as each package ships them (read-only views; do not mutate). */
export interface DisposableSources {
  readonly mailchecker: ReadonlySet<string>;
  readonly disposableEmailDomainsJs: readonly string[];
}

export function disposableSources(): DisposableSources {
  return {
    mailchecker: mailcheckerApi().blacklist(),
    disposableEmailDomainsJs: (require('disposable-email-domains-js') as typeof import('disposable-email-domains-js')).disposableEmailBlocklist(),
  };
}

const FREE = new Set(FREE_EMAIL_PROVIDERS);
const REAL_ORGANISATIONS = new Set(KNOWN_REAL_ORGANISATIONS);
const PSL_OPTIONS = {
  allowPrivateDomains: true,
  extractHostname: false,
  validateHostname: false,
  mixedInputs: false,
  detectIp: false,
} as const;

/** True when `domain` (lower-case ASCII) is itself a public suffix: com, edu.pl, spb.ru, github.io. */
export function isPublicSuffix(domain: string): boolean {
  return domain.indexOf('.') === -1 || getPublicSuffix(domain, PSL_OPTIONS) === domain;
}

function isUnderRealOrganisation(domain: string): boolean {
  let d = domain;
  for (;;) {
    if (REAL_ORGANISATIONS.has(d)) return true;
    const dot = d.indexOf('.');
    if (dot === -1) return false;
    d = d.slice(dot + 1);
  }
}

/** Every guard, applied to one list entry (lower-case ASCII domain). */
export function isAcceptableDisposableEntry(domain: string): boolean {
  return !FREE.has(domain) && !isUnderRealOrganisation(domain) && !isPublicSuffix(domain);
}

/** Eager version of all guards over a whole list (~90 ms cold for 60k entries). */
export function guardDomainList(domains: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const d of domains) if (isAcceptableDisposableEntry(d)) out.add(d);
  return out;
}

/**
 * Fresh, uncached build of the union. Entries must already be lower-case ASCII domains
 * (both packages ship them so; a future list refresh must normalise before passing them here).
 * Cheap guards (free providers, known real organisations) are applied here; the public-suffix
 * guard is applied per hit by `findListedDisposable()`.
 */
export function buildDisposableDomains(sources: DisposableSources = disposableSources()): Set<string> {
  const domains = new Set<string>(sources.mailchecker);
  for (const d of sources.disposableEmailDomainsJs) domains.add(d);
  for (const d of FREE) domains.delete(d);
  for (const d of REAL_ORGANISATIONS) domains.delete(d);
  return domains;
}

/** A list entry as a hostname label: letters, digits, inner hyphens; 1-63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** After lower-casing, an ASCII character other than [a-z0-9.-]: the entry is not a hostname. */
const NOT_HOSTNAME_ASCII = /[^a-z0-9.\-\u0080-\uffff]/;

/**
 * One entry of a downloaded list to its lookup form (lower-case ASCII/punycode, no trailing
 * dot), or null when it is not a hostname of at least two labels. Guards are not applied here.
 */
export function normalizeDisposableEntry(entry: unknown): string | null {
  if (typeof entry !== 'string') return null;
  let domain = entry.trim().toLowerCase();
  if (domain.endsWith('.')) domain = domain.slice(0, -1);
  if (domain.length === 0 || domain.length > 253 || NOT_HOSTNAME_ASCII.test(domain)) return null;
  if (/[\u0080-\uffff]/.test(domain)) {
    if (/\s/.test(domain)) return null; // Unicode whitespace, refused before conversion
    try {
      domain = new URL(`http://${domain}`).hostname; // Unicode to punycode (UTS #46)
    } catch {
      return null;
    }
    if (domain.endsWith('.')) domain = domain.slice(0, -1); // a full stop that mapped to '.'
    if (domain.length > 253) return null;
  }
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  if (/^[0-9]+$/.test(labels[labels.length - 1]!)) return null; // an IPv4 address, not a domain
  return domain;
}

export interface GuardedDisposableList {
  /** Valid entries that passed the free-provider and real-organisation guards. */
  readonly domains: Set<string>;
  /** Entries that are not hostnames (or not strings). */
  readonly invalid: number;
  /** Valid entries dropped by a guard (free provider, known real organisation or under one). */
  readonly guarded: number;
}

/**
 * A downloaded list, normalised and guarded as the shipped list is. Public suffixes are kept
 * here and never match, by the hit-time guard of `findListedDisposable()` (checking a whole
 * list against the suffix list would block the event loop for ~100 ms).
 */
export function guardExtraDisposableList(entries: Iterable<unknown>): GuardedDisposableList {
  const domains = new Set<string>();
  let invalid = 0;
  let guarded = 0;
  for (const entry of entries) {
    const domain = normalizeDisposableEntry(entry);
    if (domain === null) invalid++;
    else if (FREE.has(domain) || isUnderRealOrganisation(domain)) guarded++;
    else domains.add(domain);
  }
  return { domains, invalid, guarded };
}

/** Extra domains from an admin's list, minus those the shipped list already holds. */
let extraDomains: ReadonlySet<string> = new Set();

/**
 * Replaces the extra set (a refreshed list can remove entries as well as add them) with the
 * guarded entries of `entries`. Returns how many domains it adds beyond the shipped list.
 */
export function setExtraDisposableDomains(entries: Iterable<unknown>): number {
  const shipped = loadDisposableDomains();
  const next = new Set<string>();
  for (const domain of guardExtraDisposableList(entries).domains) if (!shipped.has(domain)) next.add(domain);
  extraDomains = next;
  return next.size;
}

/** Back to the shipped list alone. */
export function clearExtraDisposableDomains(): void {
  extraDomains = new Set();
}

/** The current extra set (read-only view). */
export function extraDisposableDomains(): ReadonlySet<string> {
  return extraDomains;
}

let cached: Set<string> | undefined;
/** Verdict of the hit-time guards for each listed domain that has matched so far. */
const hitVerdicts = new Map<string, boolean>();

/** The union, built once at first use and cached for the life of the process. */
export function loadDisposableDomains(): Set<string> {
  cached ??= buildDisposableDomains();
  return cached;
}

/**
 * The listed domain that `domain` (normalised: lower-case ASCII, no trailing dot) falls under,
 * itself or its nearest listed parent, or null. Public suffixes and real organisations never match.
 * Without `domains`, the shipped list and the extra set are consulted; with it, only `domains`.
 */
export function findListedDisposable(domain: string, domains?: ReadonlySet<string>): string | null {
  const listed = domains ?? loadDisposableDomains();
  const extra = domains === undefined && extraDomains.size > 0 ? extraDomains : null;
  let d = domain;
  let dot = d.indexOf('.');
  // A single label (a TLD) is a public suffix: the walk stops before it.
  while (dot !== -1) {
    if (listed.has(d) || (extra !== null && extra.has(d))) {
      let ok = hitVerdicts.get(d);
      if (ok === undefined) {
        ok = isAcceptableDisposableEntry(d);
        hitVerdicts.set(d, ok);
      }
      if (ok) return d;
    }
    d = d.slice(dot + 1);
    dot = d.indexOf('.');
  }
  return null;
}
