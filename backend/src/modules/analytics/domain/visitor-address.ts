import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The form of a visitor's address that a country database is keyed by: IPv4 in dotted decimal (an
 * IPv4-mapped IPv6 address such as `::ffff:203.0.113.9`, which a dual-stack server reports for IPv4 visitors,
 * becomes its IPv4 address), IPv6 otherwise; null when the address names no place in the world.
 *
 * Only public unicast addresses have a country. Private (10/8, 172.16/12, 192.168/16, fc00::/7), loopback,
 * link-local, carrier-grade NAT (100.64/10), unspecified, broadcast, multicast, documentation, benchmarking and
 * the other special-purpose ranges are left out before any database is asked: they are the visitor's own
 * network, a proxy's or nobody's, and a country database may still list some of them (the one the product
 * ships does list documentation ranges) — a country for them would be wrong.
 *
 * Strict on purpose: only the canonical text forms (`net.isIP`) are taken, so `127.1`, `0x7f.0.0.1` or
 * `010.0.0.1` (which some parsers read as other addresses) name no place; neither does an address with a
 * zone (`fe80::1%eth0`), which only has a meaning on one machine's link.
 */
export function lookupAddress(address: string): string | null {
  if (typeof address !== 'string' || address.length > 45 || address.includes('%')) return null;
  const family = isIP(address);
  if (family === 0) return null;
  try {
    const parsed = ipaddr.process(address);
    return parsed.range() === 'unicast' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
