/**
 * Bench case for the email check (called by the bench runner; not a test).
 * - loadMs: one fresh, uncached build of the disposable union (the packages' modules are already
 *   imported by then; importing them costs ~100 ms once per process on top of this).
 * - nsPerCall: mean time of isBlockedEmail over ~1,000,000 calls on a realistic mix.
 * - domains: entries in the cached union.
 */
import { isBlockedEmail } from './email-check.js';
import { buildDisposableDomains, loadDisposableDomains } from './email-domains/disposable.js';

const MIX: readonly unknown[] = [
  'jane.doe@acme-corp.com',
  'someone@gmail.com',
  ' Someone.Else@Hotmail.CO.UK. ',
  'x@mailinator.com',
  'x@inbox.sub.guerrillamail.com',
  'researcher@cs.stanford.edu',
  'student@students.uw.edu.pl',
  'ops@eu-west.siemens.de',
  'a@b@yopmail.com',
  'a@gmail.com?x',
  'no-at-sign.example.com',
  '',
  null,
  'user@yahóo.com',
  'x@licey34.zp.ua',
  'first.last+tag@company.co.jp',
];

const CALLS = 1_000_000;

export async function benchEmailCheck(): Promise<{ loadMs: number; nsPerCall: number; domains: number }> {
  const loadStart = performance.now();
  const fresh = buildDisposableDomains();
  const loadMs = performance.now() - loadStart;
  if (fresh.size === 0) throw new Error('empty disposable list');

  const domains = loadDisposableDomains().size;
  let blocked = 0;
  for (let i = 0; i < 20_000; i++) if (isBlockedEmail(MIX[i % MIX.length])) blocked++;

  const start = performance.now();
  for (let i = 0; i < CALLS; i++) if (isBlockedEmail(MIX[i % MIX.length])) blocked++;
  const elapsedNs = (performance.now() - start) * 1e6;
  if (blocked === 0) throw new Error('nothing was blocked');

  return { loadMs, nsPerCall: elapsedNs / CALLS, domains };
}
