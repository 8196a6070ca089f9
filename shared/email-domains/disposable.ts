/**
 * Disposable (throwaway) mail domains: the union of two maintained npm lists, guarded.
 *
 * Sources (their DATA only; their per-email functions are slow or wrong, see
 * shared/design/email-check.md):
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
 * Browser bundle (mailchecker's package.json even says "browsers": false): these static imports put ~1 MB of list data (plus tldts' suffix trie) into
 * any bundle that imports shared/email-check.ts. When the sign-up form needs the check on the
 * client, load this module through a dynamic `import()` so it becomes its own lazy chunk.
 * Importing the data costs ~100 ms once per process (mailchecker's 1 MB source is parsed then),
 * separate from the build below.
 */
import * as mailcheckerModule from 'mailchecker';
import { disposableEmailBlocklist } from 'disposable-email-domains-js';
import { getPublicSuffix } from 'tldts';
import { FREE_EMAIL_PROVIDERS } from './free-providers.js';

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

/**
 * mailchecker is CommonJS whose exports Node cannot detect statically: under Node's ESM loader
 * the API is on `default`; under bundlers that expose named exports it may be on the namespace.
 */
function mailcheckerApi(): MailcheckerApi {
  const ns = mailcheckerModule as unknown as Partial<MailcheckerApi> & { default?: MailcheckerApi };
  const api = ns.default ?? ns;
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
    disposableEmailDomainsJs: disposableEmailBlocklist(),
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
 */
export function findListedDisposable(domain: string, domains: Set<string> = loadDisposableDomains()): string | null {
  let d = domain;
  let dot = d.indexOf('.');
  // A single label (a TLD) is a public suffix: the walk stops before it.
  while (dot !== -1) {
    if (domains.has(d)) {
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
