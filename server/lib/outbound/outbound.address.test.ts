import { describe, expect, it } from 'vitest';
import { classifyAddress, type AddressKind } from './outbound.address.js';

/**
 * The address classifier of the outbound guard (docs/decisions/0054): what each address is, IPv6
 * forms that carry an IPv4 address judged by it, cloud metadata apart from its range.
 */
const TABLE: Array<[string, AddressKind, string?]> = [
  // IPv4
  ['8.8.8.8', 'public'],
  ['93.184.216.34', 'public'],
  ['172.32.0.1', 'public'],
  ['100.128.0.1', 'public'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.1.1', 'linkLocal'],
  ['100.64.0.1', 'carrierGradeNat'],
  ['100.127.255.255', 'carrierGradeNat'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'reserved'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['192.0.0.192', 'reserved'],
  // Cloud metadata, whatever their range says
  ['169.254.169.254', 'metadata'],
  ['169.254.170.2', 'metadata'],
  ['100.100.100.200', 'metadata'],
  ['168.63.129.16', 'metadata'],
  ['fd00:ec2::254', 'metadata'],
  // IPv6
  ['2606:4700:4700::1111', 'public'],
  ['2001:4860:4860::8888', 'public'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback', '::1'],
  ['::', 'unspecified'],
  ['fe80::1', 'linkLocal'],
  ['fe80::1%eth0', 'linkLocal', 'fe80::1'],
  ['fc00::1', 'uniqueLocal'],
  ['fd12:3456::1', 'uniqueLocal'],
  ['fec0::1', 'private'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'reserved'],
  ['100::1', 'reserved'],
  ['4000::1', 'reserved'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'], // Teredo: its target cannot be read
  ['64:ff9b:1::a00:1', 'reserved'], // local-use NAT64
  // IPv4-mapped: the IPv4 address itself
  ['::ffff:127.0.0.1', 'loopback', '127.0.0.1'],
  ['::ffff:7f00:1', 'loopback', '127.0.0.1'],
  ['[::ffff:127.0.0.1]', 'loopback', '127.0.0.1'],
  ['::ffff:10.0.0.1', 'private', '10.0.0.1'],
  ['::ffff:169.254.169.254', 'metadata', '169.254.169.254'],
  ['::ffff:8.8.8.8', 'public', '8.8.8.8'],
  // IPv4-translated, IPv4-compatible, NAT64, 6to4: judged by the IPv4 address they carry
  ['::ffff:0:127.0.0.1', 'loopback', '::ffff:0:7f00:1'],
  ['::127.0.0.1', 'loopback', '::7f00:1'],
  ['::10.0.0.1', 'private', '::a00:1'],
  ['64:ff9b::127.0.0.1', 'loopback', '64:ff9b::7f00:1'],
  ['64:ff9b::a9fe:a9fe', 'metadata'],
  ['64:ff9b::6464:64c8', 'metadata'],
  ['64:ff9b::6440:1', 'carrierGradeNat'],
  ['64:ff9b::808:808', 'public'],
  ['2002:7f00:1::', 'loopback'],
  ['2002:a00:1::1', 'private'],
  ['2002:a9fe:a9fe::1', 'metadata'],
  ['2002:808:808::1', 'public'],
];

describe('classifyAddress', () => {
  it.each(TABLE)('%s is %s', (input, kind, address) => {
    const c = classifyAddress(input);
    expect(c?.kind).toBe(kind);
    if (address) expect(c?.address).toBe(address);
  });

  it('is null for what is not an IP address in the strict form (a name is resolved first)', () => {
    for (const host of ['localhost', 'example.com', '2130706433', '0x7f.1', '127.1', '017700000001', '', '[127.0.0.1]'])
      expect(classifyAddress(host)).toBeNull();
  });

  it('reads the numeric and bracketed forms of a URL as the address clients connect to', () => {
    // The WHATWG URL parser (undici, axios, typed-rest-client all use it) writes these as the address.
    const hostOf = (url: string) => classifyAddress(new URL(url).hostname);
    for (const url of [
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0x7f000001/',
      'http://017700000001/',
      'http://127.1/',
      'http://127.0.0.1./',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]:8080/',
    ]) {
      expect(hostOf(url), url).toMatchObject({ kind: 'loopback', address: '127.0.0.1' });
    }
    expect(hostOf('http://0/')).toMatchObject({ kind: 'unspecified', address: '0.0.0.0' });
    expect(hostOf('http://0xa9.0xfe.0xa9.0xfe/')).toMatchObject({ kind: 'metadata' });
    expect(hostOf('http://[64:ff9b::169.254.169.254]/')).toMatchObject({ kind: 'metadata' });
  });
});
