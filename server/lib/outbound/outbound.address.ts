import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What kind of address an outbound connection would reach (docs/decisions/0054). Only `public`
 * may be reached without the operator's allowlist; `metadata` never. IPv6 forms that carry an IPv4
 * address (IPv4-mapped, IPv4-translated, IPv4-compatible, NAT64 64:ff9b::/96, 6to4) are judged by
 * that IPv4 address; other IPv6 outside the global unicast block 2000::/3, tunnels whose target
 * cannot be read (Teredo, local-use NAT64) and documentation or benchmarking blocks are `reserved`.
 */
export type AddressKind =
  'public' | 'loopback' | 'private' | 'linkLocal' | 'uniqueLocal' | 'unspecified' | 'multicast' | 'carrierGradeNat' | 'reserved' | 'metadata';

export type ClassifiedAddress = {
  /** The address as compared with allowlists: IPv4-mapped IPv6 as its IPv4, IPv6 compressed (RFC 5952), no zone. */
  address: string;
  family: 4 | 6;
  kind: AddressKind;
};

/**
 * Cloud instance metadata and platform services: refused even when the operator allows their
 * range (AWS, GCP, Azure and others on 169.254.169.254; the AWS IPv6 endpoint; ECS task
 * metadata; Alibaba Cloud; the Azure platform address 168.63.129.16).
 */
export const METADATA_ADDRESSES: ReadonlySet<string> = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200', '168.63.129.16']);

const IPV4_KINDS: Partial<Record<string, AddressKind>> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'linkLocal',
  carrierGradeNat: 'carrierGradeNat',
  unspecified: 'unspecified',
  multicast: 'multicast',
};
const IPV6_KINDS: Partial<Record<string, AddressKind>> = {
  unicast: 'public',
  loopback: 'loopback',
  linkLocal: 'linkLocal',
  uniqueLocal: 'uniqueLocal',
  unspecified: 'unspecified',
  multicast: 'multicast',
  deprecatedSiteLocal: 'private',
};

function v4Kind(a: ipaddr.IPv4): AddressKind {
  if (METADATA_ADDRESSES.has(a.toString())) return 'metadata';
  return IPV4_KINDS[a.range()] ?? 'reserved';
}

const v4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The IPv4 address an IPv6 address stands for, when its form says so; null otherwise. */
function embeddedIpv4(a: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = a.parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && p[5] === 0xffff) return v4Of(p[6]!, p[7]!); // ::ffff:a.b.c.d, IPv4-mapped
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return v4Of(p[6]!, p[7]!); // ::ffff:0:a.b.c.d, IPv4-translated (RFC 6145)
  if (zeros(0, 6) && (p[6] !== 0 || p[7]! > 1)) return v4Of(p[6]!, p[7]!); // ::a.b.c.d, IPv4-compatible (deprecated); not :: nor ::1
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return v4Of(p[6]!, p[7]!); // 64:ff9b::a.b.c.d, NAT64 (RFC 6052)
  if (p[0] === 0x2002) return v4Of(p[1]!, p[2]!); // 2002:aabb:ccdd::, 6to4
  return null;
}

function v6Kind(a: ipaddr.IPv6): AddressKind {
  if (METADATA_ADDRESSES.has(a.toString())) return 'metadata';
  const embedded = embeddedIpv4(a);
  if (embedded) return v4Kind(embedded);
  const kind = IPV6_KINDS[a.range()] ?? 'reserved';
  // Only the global unicast block is public; ipaddr.js calls everything it has no name for unicast.
  return kind === 'public' && (a.parts[0]! & 0xe000) !== 0x2000 ? 'reserved' : kind;
}

/** The address's kind, or null when `host` is not an IP address in the strict form `net.isIP` accepts (a name: it must be resolved first). */
export function classifyAddress(host: string): ClassifiedAddress | null {
  if (net.isIP(host) === 4) {
    const a = ipaddr.IPv4.parse(host);
    return { address: a.toString(), family: 4, kind: v4Kind(a) };
  }
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (net.isIP(bare) !== 6) return null;
  // Hexadecimal first (the URL parser's form, no zone): ipaddr.js would read ::a.b.c.d as IPv4-mapped, where sockets read IPv4-compatible.
  const a = ipaddr.IPv6.parse(new URL(`http://[${bare.split('%')[0]}]/`).hostname.slice(1, -1));
  if (a.isIPv4MappedAddress()) {
    const v4 = a.toIPv4Address();
    return { address: v4.toString(), family: 4, kind: v4Kind(v4) };
  }
  return { address: a.toString(), family: 6, kind: v6Kind(a) };
}
