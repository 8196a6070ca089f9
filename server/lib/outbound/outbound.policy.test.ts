import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { parseAllowList } from './outbound.allowlist.js';
import { Outbound } from './outbound.policy.js';

/**
 * Which addresses the outbound guard lets a connection start to (docs/decisions/0054): public ones
 * over TLS; private and loopback ones only when the operator lists them (plain http too); the
 * process's own fakes by exact origin; cloud metadata never.
 */
describe('the verdict on an address', () => {
  const strict = new Outbound();

  it('lets a public address over TLS through, and nothing else without the operator', () => {
    expect(strict.verdict('93.184.216.34', 443, true)).toBeNull();
    expect(strict.verdict('2606:4700:4700::1111', 443, true)).toBeNull();
    expect(strict.verdict('93.184.216.34', 80, false)).toMatch(/plain http/);
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '::',
      '10.0.0.1',
      '192.168.1.10',
      '172.20.0.1',
      '169.254.10.10',
      'fd12::1',
      'fe80::1',
      '100.64.0.1',
      '224.0.0.1',
      '240.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
    ]) {
      expect(strict.verdict(address, 443, true), address).not.toBeNull();
    }
    expect(strict.verdict('localhost', 443, true)).toBe('not an IP address');
  });

  it('lets the operator’s addresses and blocks through, plain http too, and only them', () => {
    const outbound = new Outbound({ allowPrivate: (parseAllowList('127.0.0.1, 10.20.0.0/16, fd12::/16') as { entries: string[] }).entries });
    expect(outbound.verdict('127.0.0.1', 8080, false)).toBeNull();
    expect(outbound.verdict('::ffff:127.0.0.1', 8080, false)).toBeNull();
    expect(outbound.verdict('127.0.0.2', 8080, false)).toMatch(/loopback/);
    expect(outbound.verdict('::1', 8080, false)).toMatch(/loopback/);
    expect(outbound.verdict('10.20.3.4', 443, true)).toBeNull();
    expect(outbound.verdict('10.21.0.1', 443, true)).toMatch(/private/);
    expect(outbound.verdict('fd12:1::5', 80, false)).toBeNull();
    expect(outbound.verdict('93.184.216.34', 80, false)).toMatch(/plain http/);
  });

  it('never lets a cloud metadata address through, whatever the operator allows', () => {
    const everything = new Outbound({ allowPrivate: ['0.0.0.0/0', '::/0'] });
    expect(everything.verdict('10.0.0.1', 80, false)).toBeNull();
    for (const address of ['169.254.169.254', '::ffff:169.254.169.254', '64:ff9b::a9fe:a9fe', 'fd00:ec2::254', '100.100.100.200', '169.254.170.2']) {
      expect(everything.verdict(address, 80, false), address).toBe('a cloud metadata address');
    }
  });

  it('lets one origin of the process through while it is allowed: that address, port and protocol only', () => {
    const outbound = new Outbound();
    const release = outbound.allowOrigin('http://127.0.0.1:4123');
    expect(outbound.verdict('127.0.0.1', 4123, false)).toBeNull();
    expect(outbound.verdict('127.0.0.1', 4124, false)).not.toBeNull();
    expect(outbound.verdict('127.0.0.1', 4123, true)).not.toBeNull();
    expect(outbound.verdict('::1', 4123, false)).not.toBeNull();
    const again = outbound.allowOrigin('http://127.0.0.1:4123/other/path');
    release();
    release();
    expect(outbound.verdict('127.0.0.1', 4123, false)).toBeNull();
    again();
    expect(outbound.verdict('127.0.0.1', 4123, false)).not.toBeNull();
    expect(() => outbound.allowOrigin('http://localhost:4123')).toThrow(/IP address/);
  });
});

describe('OUTBOUND_ALLOW_PRIVATE', () => {
  it('takes addresses and CIDR blocks, comma-separated, in the form they are compared in', () => {
    expect(loadConfig({}).outboundAllowPrivate).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: ' 127.0.0.1, 10.0.0.0/8,fd12::/16 , ::1,::ffff:192.168.0.0/112' }).outboundAllowPrivate).toEqual([
      '127.0.0.1/32',
      '10.0.0.0/8',
      'fd12::/16',
      '::1/128',
      '192.168.0.0/16',
    ]);
  });

  it('refuses what is not an address or block, naming it', () => {
    for (const bad of ['localhost', '2130706433', '0x7f.1', '127.1', '10.0.0.0/33', '10.0.0.0/8/1', 'fd12::/129', '10.0.0.0/x', '::ffff:10.0.0.0/64']) {
      expect(() => loadConfig({ OUTBOUND_ALLOW_PRIVATE: `127.0.0.1,${bad}` }), bad).toThrow(
        `OUTBOUND_ALLOW_PRIVATE: ${bad} is not an IP address or CIDR block`,
      );
    }
  });
});
