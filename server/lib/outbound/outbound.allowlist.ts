import net from 'node:net';
import { classifyAddress } from './outbound.address.js';

/**
 * The operator's allowlist (OUTBOUND_ALLOW_PRIVATE): addresses and CIDR blocks, comma-separated,
 * IPv4 in dotted decimal (no 0x7f.1 or 2130706433 here: the setting is read by people) or IPv6.
 * An IPv4 entry also covers that address written as IPv4-mapped IPv6 (::ffff:10.0.0.5).
 */
export type AllowList = { entries: string[]; has(address: string): boolean };

/** The entries, or the first that is not an address or block. */
export function parseAllowList(text: string | undefined): { entries: string[] } | { invalid: string } {
  const entries: string[] = [];
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = net.isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
    if (!family || extra !== undefined || bits < 0 || bits > (family === 6 ? 128 : 32)) return { invalid: entry };
    // In the form addresses are compared in (outbound.address.ts): an IPv4-mapped block is its IPv4 block.
    const c = classifyAddress(address)!;
    const mapped = family === 6 && c.family === 4;
    if (mapped && bits < 96) return { invalid: entry };
    entries.push(`${c.address}/${mapped ? bits - 96 : bits}`);
  }
  return { entries };
}

export function allowList(entries: readonly string[]): AllowList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string];
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    list.addSubnet(address, Number(bits), family);
  }
  return {
    entries: [...entries],
    has(address: string): boolean {
      const c = classifyAddress(address);
      return !!c && list.check(c.address, c.family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}
