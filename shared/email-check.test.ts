import { describe, expect, it } from 'vitest';
import { classifyEmailDomain, createEmailCheck, isBlockedEmail, isFreeEmailProvider, normalizeEmailDomain } from './email-check.js';
import {
  buildDisposableDomains,
  disposableSources,
  findListedDisposable,
  guardDomainList,
  isPublicSuffix,
  KNOWN_REAL_ORGANISATIONS,
  loadDisposableDomains,
} from './email-domains/disposable.js';
import { FREE_EMAIL_PROVIDERS } from './email-domains/free-providers.js';

/** The providers docs/email-check.md names, in their main domains. */
const NAMED_PROVIDERS = [
  'live.com',
  'gmail.com',
  'icloud.com',
  'proton.me',
  'protonmail.com',
  'yandex.ru',
  'aol.com',
  'msn.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
];
const VARIANTS = [
  'googlemail.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'hotmail.fr',
  'hotmail.co.uk',
  'outlook.de',
  'outlook.fr',
  'live.co.uk',
  'me.com',
  'mac.com',
  'pm.me',
  'protonmail.ch',
  'ya.ru',
  'yandex.com',
  'gmx.de',
  'gmx.net',
  'gmx.com',
  'web.de',
  'mail.ru',
  'zoho.com',
  'tutanota.com',
  'qq.com',
  '163.com',
  'naver.com',
  'libero.it',
  'orange.fr',
  'wp.pl',
  'seznam.cz',
  'yahoo.co.jp',
];
const REAL_ORGANISATIONS = [
  'acme-corp.com',
  'google.com',
  'microsoft.com',
  'starbucks.com',
  'facebook.com',
  'apple.com',
  'amazon.com',
  'siemens.de',
  'sap.com',
  'ibm.com',
  'oracle.com',
  'intel.com',
  'nvidia.com',
  'walmart.com',
  'exxonmobil.com',
  'jpmorganchase.com',
  'toyota.co.jp',
  'samsung.com',
  'nestle.com',
  'bmw.de',
  'unilever.com',
  'tata.com',
  'petrobras.com.br',
  'github.com',
  'mit.edu',
  'stanford.edu',
  'harvard.edu',
  'ox.ac.uk',
  'cam.ac.uk',
  'ethz.ch',
  'epfl.ch',
  'u-tokyo.ac.jp',
  'tum.de',
  'uw.edu.pl',
  'unam.mx',
  'uba.ar',
  'usp.br',
  'utoronto.ca',
  'unimelb.edu.au',
  'tsinghua.edu.cn',
  'nus.edu.sg',
  'iitb.ac.in',
  'sorbonne-universite.fr',
  'uva.nl',
  'ku.dk',
  'msu.ru',
  'uct.ac.za',
  'lsmu.com',
];

describe('isBlockedEmail', () => {
  it.each(NAMED_PROVIDERS)('blocks the named provider %s', (domain) => {
    expect(isBlockedEmail(`someone@${domain}`)).toBe(true);
    expect(classifyEmailDomain(`someone@${domain}`)).toBe('free');
  });

  it.each(VARIANTS)('blocks the provider variant %s', (domain) => {
    expect(isBlockedEmail(`someone@${domain}`)).toBe(true);
  });

  it.each(REAL_ORGANISATIONS)('lets a real organisation through: %s', (domain) => {
    expect(isBlockedEmail(`jane.doe@${domain}`)).toBe(false);
    expect(isBlockedEmail(`jane.doe@mail.${domain}`)).toBe(false);
  });

  it('blocks disposable domains and their subdomains', () => {
    expect(isBlockedEmail('x@mailinator.com')).toBe(true);
    expect(classifyEmailDomain('x@mailinator.com')).toBe('disposable');
    expect(isBlockedEmail('x@sub.mailinator.com')).toBe(true);
    expect(isBlockedEmail('x@a.b.guerrillamail.com')).toBe(true);
    expect(isBlockedEmail('x@yopmail.com')).toBe(true);
  });

  it('never treats a public suffix as disposable', () => {
    for (const domain of ['edu.pl', 'uw.edu.pl', 'spb.ru', 'msk.ru', 'com.ar', 'zp.ua', 'nom.za']) {
      expect(isBlockedEmail(`x@${domain}`), domain).toBe(false);
    }
    // the lists do name zp.ua and msk.ru: schools under them must still pass
    expect(isBlockedEmail('x@licey34.zp.ua')).toBe(false);
    expect(isBlockedEmail('x@1543.msk.ru')).toBe(false);
    // guard holds whatever the list holds
    const hostile = new Set(['edu.pl', 'spb.ru', 'com', 'co.uk', 'github.io', 'nus.edu.sg']);
    for (const domain of ['uw.edu.pl', 'hermitage.spb.ru', 'acme.com', 'acme.co.uk', 'me.github.io', 'comp.nus.edu.sg']) {
      expect(findListedDisposable(domain, hostile), domain).toBeNull();
    }
    expect(findListedDisposable('a.b.mailinator.com', new Set(['mailinator.com']))).toBe('mailinator.com');
  });

  it('returns false for non-strings without throwing', () => {
    const values: unknown[] = [
      123,
      null,
      undefined,
      {},
      [],
      ['a@gmail.com'],
      true,
      Symbol('a@gmail.com'),
      10n,
      new String('a@gmail.com'),
      Buffer.from('a@gmail.com'),
      { toString: () => 'a@gmail.com' },
    ];
    for (const value of values) {
      expect(() => isBlockedEmail(value)).not.toThrow();
      expect(isBlockedEmail(value)).toBe(false);
      expect(classifyEmailDomain(value)).toBeNull();
    }
  });

  it('normalises as the contract says', () => {
    expect(isBlockedEmail('')).toBe(false);
    expect(isBlockedEmail('   ')).toBe(false);
    expect(isBlockedEmail('gmail.com')).toBe(false); // no at-sign
    expect(isBlockedEmail('a@')).toBe(false);
    expect(isBlockedEmail('a@.')).toBe(false);
    expect(isBlockedEmail(' A@GMAIL.COM. ')).toBe(true);
    expect(isBlockedEmail('a@gmail.com..')).toBe(false); // only one trailing dot is stripped
    expect(isBlockedEmail('a@b@gmail.com')).toBe(true); // last at-sign
    expect(isBlockedEmail('"a@b"@gmail.com')).toBe(true);
    expect(isBlockedEmail('a@gmail.com@acme-corp.com')).toBe(false);
    expect(isBlockedEmail('a@.mailinator.com')).toBe(false); // empty label: not a domain
  });

  it('rejects forbidden characters instead of stripping them', () => {
    for (const bad of ['?x', '#x', '/x', '\\x', ':443', ' x', '\tx', '%20', ',x', ';x', '(x)', '"', "'", '<x>', '[x]']) {
      expect(isBlockedEmail(`a@gmail.com${bad}`), bad).toBe(false);
    }
    expect(isBlockedEmail('a@gmail\u00a0.com')).toBe(false); // Unicode whitespace
    expect(isBlockedEmail('a@gmail.com\uff1fx')).toBe(false); // fullwidth '?' maps to '?'
    expect(isBlockedEmail('a@gmail.com\uff0fx')).toBe(false); // fullwidth '/'
    expect(isBlockedEmail('a@gm!ail.com')).toBe(false);
  });

  it('converts Unicode domains to punycode before the lookup', () => {
    expect(normalizeEmailDomain('x@yahóo.com')).toBe('xn--yaho-sqa.com');
    expect(classifyEmailDomain('x@yahóo.com')).toBe('disposable'); // listed as xn--yaho-sqa.com
    expect(classifyEmailDomain('x@雨云.com')).toBe('disposable'); // listed as xn--9kq967o.com
    expect(classifyEmailDomain('x@YAHÓO.COM')).toBe('disposable');
    expect(classifyEmailDomain('x@ｇｍａｉｌ．ｃｏｍ')).toBe('free'); // fullwidth letters and dot
    expect(classifyEmailDomain('x@gmail。com')).toBe('free'); // ideographic full stop
    expect(isBlockedEmail('x@münchen.de')).toBe(false);
  });
});

describe('isFreeEmailProvider', () => {
  it('takes an address or a bare domain, exact match only', () => {
    expect(isFreeEmailProvider('a@gmail.com')).toBe(true);
    expect(isFreeEmailProvider('GMAIL.COM')).toBe(true);
    expect(isFreeEmailProvider('corp.gmail.com')).toBe(false);
    expect(isFreeEmailProvider('x@mailinator.com')).toBe(false);
    expect(isFreeEmailProvider(null)).toBe(false);
  });

  it('holds only lower-case, unique, valid, non-suffix domains', () => {
    expect(new Set(FREE_EMAIL_PROVIDERS).size).toBe(FREE_EMAIL_PROVIDERS.length);
    expect(FREE_EMAIL_PROVIDERS.length).toBeGreaterThanOrEqual(150);
    for (const domain of FREE_EMAIL_PROVIDERS) {
      expect(normalizeEmailDomain(`x@${domain}`), domain).toBe(domain);
      expect(isPublicSuffix(domain), domain).toBe(false);
    }
  });
});

describe('disposable list', () => {
  const sources = disposableSources();
  const mailchecker = guardDomainList(sources.mailchecker);
  const disposableJs = guardDomainList(sources.disposableEmailDomainsJs);
  const union = loadDisposableDomains();

  it('is built once and cached', () => {
    expect(loadDisposableDomains()).toBe(union);
    expect(buildDisposableDomains()).not.toBe(union);
  });

  it('ships clean entries (lower-case ASCII domains), as the build assumes', () => {
    for (const domain of [...sources.mailchecker, ...sources.disposableEmailDomainsJs]) {
      if (normalizeEmailDomain(`x@${domain}`) !== domain) expect.fail(`unclean entry ${domain}`);
    }
  });

  it('catches strictly more than either package alone', () => {
    const guardedUnion = guardDomainList(union);
    expect(guardedUnion.size).toBeGreaterThan(mailchecker.size);
    expect(guardedUnion.size).toBeGreaterThan(disposableJs.size);
    const onlyMailchecker = [...mailchecker].find((d) => !disposableJs.has(d));
    const onlyDisposableJs = [...disposableJs].find((d) => !mailchecker.has(d));
    expect(onlyMailchecker).toBeDefined();
    expect(onlyDisposableJs).toBeDefined();
    expect(classifyEmailDomain(`x@${onlyMailchecker}`)).toBe('disposable');
    expect(classifyEmailDomain(`x@${onlyDisposableJs}`)).toBe('disposable');
    expect(isBlockedEmail('x@00.pe')).toBe(true); // mailchecker only
    expect(isBlockedEmail('x@0-mailer.dynv6.net')).toBe(true); // disposable-email-domains-js only
  });

  it('drops public suffixes, free providers and known real organisations', () => {
    for (const domain of union) {
      if (isPublicSuffix(domain)) expect(classifyEmailDomain(`x@${domain}`), domain).toBeNull();
    }
    for (const domain of [...FREE_EMAIL_PROVIDERS, ...KNOWN_REAL_ORGANISATIONS]) {
      expect(union.has(domain), domain).toBe(false);
    }
    expect(classifyEmailDomain('x@nus.edu.sg')).toBeNull();
  });
});

describe('createEmailCheck', () => {
  it('lets allowed domains through and refuses blocked ones', () => {
    const check = createEmailCheck({
      allowed: ['Mailinator.com', '@gmail.com'],
      blocked: ['competitor.example', '*.rival.io', 'someone@other.org'],
    });
    expect(check.isBlocked('x@mailinator.com')).toBe(false);
    expect(check.isBlocked('x@sub.mailinator.com')).toBe(false);
    expect(check.isBlocked('x@gmail.com')).toBe(false);
    expect(check.classify('x@competitor.example')).toBe('blocked');
    expect(check.isBlocked('x@mail.rival.io')).toBe(true);
    expect(check.isBlocked('x@rival.io')).toBe(true);
    expect(check.isBlocked('x@other.org')).toBe(true);
    expect(check.classify('x@yahoo.com')).toBe('free');
    expect(check.classify('x@yopmail.com')).toBe('disposable');
    expect(check.isBlocked('x@acme-corp.com')).toBe(false);
    expect(check.isBlocked(42)).toBe(false);
  });

  it('lets allowed win over blocked and ignores bare suffixes and junk', () => {
    const check = createEmailCheck({
      allowed: ['partner.rival.io', 'com'],
      blocked: ['rival.io', 'co.uk', 'edu.pl', 'bad?x', ''],
    });
    expect(check.isBlocked('x@partner.rival.io')).toBe(false);
    expect(check.isBlocked('x@rival.io')).toBe(true);
    expect(check.isBlocked('x@acme.co.uk')).toBe(false);
    expect(check.isBlocked('x@uw.edu.pl')).toBe(false);
    expect(check.isBlocked('x@gmail.com')).toBe(true); // 'com' was ignored, not allowed
    expect(createEmailCheck().isBlocked('x@gmail.com')).toBe(true);
  });
});
