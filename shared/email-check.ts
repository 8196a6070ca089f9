/**
 * The email check (docs/email-check.md; its normalisation rules are numbered there).
 *
 * An address is blocked when its domain is a free mail provider (built-in list, exact match)
 * or a disposable mail domain (the domain or a listed parent of it; never a bare public suffix).
 * Used on the server only: the lists weigh ~1 MB, so pages check formats and show the server's
 * field error (docs/decisions/0061; eslint refuses this module in client/). It still has no Node
 * built-ins (IDN conversion uses the WHATWG URL parser).
 */
import { FREE_EMAIL_PROVIDERS } from './email-domains/free-providers.js';
import { findListedDisposable, isPublicSuffix } from './email-domains/disposable.js';

export type EmailDomainClass = 'free' | 'disposable';
/** `blocked`: the organization's own block list matched. */
export type OrgEmailDomainClass = EmailDomainClass | 'blocked';

const FREE = new Set(FREE_EMAIL_PROVIDERS);

/**
 * Rule 4, characters that cannot be in a domain: \s / ? # \ : @ < > [ ] " ' % , ; ( ).
 * They are refused BEFORE IDN conversion, which would otherwise drop or reinterpret them
 * (`domainToASCII('gmail.com?x')` is 'gmail.com'). `scanDomain` refuses every ASCII character
 * outside [A-Za-z0-9._-], which covers all of them; this regex is for the rare non-ASCII
 * input, where Unicode whitespace must also be refused before conversion.
 */
const FORBIDDEN = /[\s/?#\\:@<>[\]"'%,;()]/;
/** Longest text worth converting; a domain is at most 253 characters in ASCII form. */
const MAX_RAW_LENGTH = 1024;

const INVALID = -1;
const PLAIN = 0; // only [a-z0-9._-]
const HAS_UPPER = 1;
const HAS_NON_ASCII = 2;

/** One pass over the characters (regexes cost ~100 ns each here; this is the hot path). */
function scanDomain(text: string): number {
  let flags = PLAIN;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d || c === 0x5f) {
      continue; // a-z 0-9 . - _
    }
    if (c >= 0x41 && c <= 0x5a) flags |= HAS_UPPER;
    else if (c >= 0x80) flags |= HAS_NON_ASCII;
    else return INVALID; // any other ASCII character cannot be in a domain
  }
  return flags;
}

/** Unicode domain to ASCII (punycode) with the WHATWG URL parser (UTS #46), in Node and browsers. */
function idnToAscii(domain: string): string | null {
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
}

/**
 * A domain (any case, possibly Unicode) to its lookup form: lower-case ASCII (punycode),
 * one trailing dot removed. Null when it cannot be a domain.
 */
function toLookupDomain(raw: string): string | null {
  if (raw.length === 0 || raw.length > MAX_RAW_LENGTH) return null;
  const flags = scanDomain(raw);
  if (flags === INVALID) return null;
  let domain: string | null = raw;
  if (flags & HAS_NON_ASCII) {
    if (FORBIDDEN.test(raw)) return null;
    domain = idnToAscii(raw.toLowerCase()); // münchen.de -> xn--mnchen-3ya.de
    if (domain === null || scanDomain(domain) !== PLAIN) return null;
  } else if (flags & HAS_UPPER) {
    domain = raw.toLowerCase();
  }
  if (domain.charCodeAt(domain.length - 1) === 0x2e) domain = domain.slice(0, -1);
  if (domain.length === 0 || domain.length > 253 || domain.charCodeAt(0) === 0x2e || domain.includes('..')) {
    return null;
  }
  return domain;
}

/**
 * The normalised domain of an email address (rules 1-5): the text after the LAST at-sign of
 * the trimmed string, lower-case ASCII, without its trailing dot. Null for anything that is
 * not a string, has no at-sign, or whose domain part is empty or malformed. Never throws.
 */
export function normalizeEmailDomain(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const at = value.lastIndexOf('@');
  if (at === -1) return null;
  // Trimming the whole value first would give the same result: whitespace holds no at-sign.
  return toLookupDomain(value.slice(at + 1).trimEnd());
}

function classifyDomain(domain: string): EmailDomainClass | null {
  if (FREE.has(domain)) return 'free';
  if (findListedDisposable(domain) !== null) return 'disposable';
  return null;
}

/** Which list blocks this address: 'free', 'disposable', or null when none does. */
export function classifyEmailDomain(value: unknown): EmailDomainClass | null {
  const domain = normalizeEmailDomain(value);
  return domain === null ? null : classifyDomain(domain);
}

/**
 * True when the address's domain is a free mail provider or a disposable
 * mail domain; false when the value is empty, not a string, or has no (valid) domain part.
 */
export function isBlockedEmail(value: unknown): boolean {
  return classifyEmailDomain(value) !== null;
}

/** True when the value (an email address, or a bare domain) is a built-in free provider. */
export function isFreeEmailProvider(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  const domain = text.includes('@') ? normalizeEmailDomain(text) : toLookupDomain(text);
  return domain !== null && FREE.has(domain);
}

export interface EmailCheckOptions {
  /** Domains the organization accepts even though a list names them (subdomains included). */
  readonly allowed?: readonly string[];
  /** Domains the organization refuses in addition to the lists (subdomains included). */
  readonly blocked?: readonly string[];
}

export interface EmailCheck {
  isBlocked(email: unknown): boolean;
  classify(email: unknown): OrgEmailDomainClass | null;
}

/**
 * An admin's entry ("example.com", "@example.com", "*.example.com", an address at the domain;
 * any case, Unicode) to its lookup form; null when it is not a domain or is a bare public
 * suffix ("com", "co.uk"), which would otherwise allow or block a whole registry.
 */
function toConfiguredDomain(entry: string): string | null {
  let text = entry.trim();
  text = text.slice(text.lastIndexOf('@') + 1);
  if (text.startsWith('*.')) text = text.slice(2);
  else if (text.startsWith('.')) text = text.slice(1);
  const domain = toLookupDomain(text);
  return domain === null || isPublicSuffix(domain) ? null : domain;
}

function toDomainSet(entries: readonly string[] | undefined): Set<string> {
  const set = new Set<string>();
  for (const entry of entries ?? []) {
    const domain = typeof entry === 'string' ? toConfiguredDomain(entry) : null;
    if (domain !== null) set.add(domain);
  }
  return set;
}

function coveredBy(set: Set<string>, domain: string): boolean {
  if (set.size === 0) return false;
  let d = domain;
  for (;;) {
    if (set.has(d)) return true;
    const dot = d.indexOf('.');
    if (dot === -1) return false;
    d = d.slice(dot + 1);
  }
}

/**
 * The check with an organization's own settings: `allowed` domains override both built-in
 * lists and the organization's block list; `blocked` domains are refused in addition to them.
 * Invalid entries and bare public suffixes in either list are ignored.
 */
export function createEmailCheck(options: EmailCheckOptions = {}): EmailCheck {
  const allowed = toDomainSet(options.allowed);
  const blocked = toDomainSet(options.blocked);
  const classify = (email: unknown): OrgEmailDomainClass | null => {
    const domain = normalizeEmailDomain(email);
    if (domain === null || coveredBy(allowed, domain)) return null;
    if (coveredBy(blocked, domain)) return 'blocked';
    return classifyDomain(domain);
  };
  return { classify, isBlocked: (email) => classify(email) !== null };
}
