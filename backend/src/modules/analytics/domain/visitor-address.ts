import { isIP } from 'node:net';

/**
 * The form of a visitor's address that a country database is keyed by: IPv4 in dotted decimal (an
 * IPv4-mapped IPv6 address such as `::ffff:193.0.0.1`, which a dual-stack server reports for IPv4 visitors,
 * becomes its IPv4 address), IPv6 as its eight groups in lower-case hex (`2001:67c:2e8:0:0:0:0:1`); null when
 * the address names no place in the world.
 *
 * Only public unicast addresses have a country. Private (10/8, 172.16/12, 192.168/16, fc00::/7), loopback,
 * link-local, carrier-grade NAT (100.64/10), unspecified, broadcast, multicast, documentation, benchmarking and
 * the other special-purpose ranges are left out before any database is asked: they are the visitor's own
 * network, a proxy's or nobody's, and a country database may still list some of them (the one the product
 * ships does list documentation ranges) — a country for them would be wrong.
 *
 * Strict on purpose: only the canonical text forms (`net.isIP`) are taken, so `127.1`, `0xc1.0.0.1` or
 * `010.0.0.1` (which some parsers read as other addresses) name no place; neither does an address with a
 * zone (`fe80::1%eth0`), which only has a meaning on one machine's link. Written by hand rather than with an
 * address library: it runs for every visitor, and this takes a fraction of the time.
 */
export function lookupAddress(address: string): string | null {
  if (typeof address !== 'string' || address.length > 45 || address.includes('%')) return null;
  switch (isIP(address)) {
    case 4:
      return isPublicIpv4(ipv4Number(address)) ? address : null;
    case 6:
      return ipv6Key(ipv6Groups(address));
    default:
      return null;
  }
}

/** IANA's special-purpose IPv4 ranges (RFC 6890 and after), as [first address, prefix length]. */
const SPECIAL_IPV4: ReadonlyArray<readonly [number, number]> = [
  [0x00000000, 8], // "this network", 0.0.0.0
  [0x0a000000, 8], // private 10/8
  [0x64400000, 10], // carrier-grade NAT 100.64/10
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local 169.254/16
  [0xac100000, 12], // private 172.16/12
  [0xc0000000, 24], // IETF protocol assignments 192.0.0/24
  [0xc0000200, 24], // documentation TEST-NET-1
  [0xc0586300, 24], // 6to4 relay anycast (deprecated)
  [0xc0a80000, 16], // private 192.168/16
  [0xc6120000, 15], // benchmarking 198.18/15
  [0xc6336400, 24], // documentation TEST-NET-2
  [0xcb007100, 24], // documentation TEST-NET-3
  [0xe0000000, 4], // multicast 224/4
  [0xf0000000, 4], // reserved 240/4, broadcast included
];

function isPublicIpv4(value: number): boolean {
  for (const [first, length] of SPECIAL_IPV4) {
    if (value >>> (32 - length) === first >>> (32 - length)) return false;
  }
  return true;
}

/** A dotted-decimal IPv4 address (already checked by `isIP`) from `start` on, as an unsigned 32-bit number. */
function ipv4Number(text: string, start = 0): number {
  let value = 0;
  let part = 0;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === DOT) {
      value = value * 256 + part;
      part = 0;
    } else {
      part = part * 10 + code - ZERO;
    }
  }
  return value * 256 + part;
}

const DOT = 46;
const COLON = 58;
const ZERO = 48;

/**
 * The eight 16-bit groups of an IPv6 address (already checked by `isIP`), `::` and a dotted IPv4 tail
 * expanded. Read character by character: splitting into strings costs more than the database lookup.
 */
function ipv6Groups(text: string): number[] {
  const groups: number[] = [];
  let gapAt = -1;
  let group = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === COLON) {
      if (digits > 0) groups.push(group);
      else if (i > 0) gapAt = groups.length; // the second colon of `::`
      group = 0;
      digits = 0;
    } else if (code === DOT) {
      const ipv4 = ipv4Number(text, i - digits);
      groups.push(ipv4 >>> 16, ipv4 & 0xffff);
      digits = 0;
      break;
    } else {
      group = group * 16 + (code <= 57 ? code - ZERO : (code | 0x20) - 87);
      digits++;
    }
  }
  if (digits > 0) groups.push(group);
  if (gapAt >= 0) groups.splice(gapAt, 0, ...new Array<number>(8 - groups.length).fill(0));
  return groups;
}

/**
 * Global unicast IPv6 is 2000::/3; the special-purpose ranges inside it are left out (2001::/23 IETF protocol
 * assignments with Teredo and benchmarking, 2001:db8::/32 and 3fff::/20 documentation, 2002::/16 6to4).
 * Everything outside it (unspecified, loopback, NAT64, discard, unique local, link-local, multicast) has no
 * country either, except IPv4-mapped addresses (::ffff:0:0/96), which are IPv4 visitors.
 */
function ipv6Key(groups: number[]): string | null {
  const [first, second] = groups;
  if (first === 0 && second === 0 && groups[2] === 0 && groups[3] === 0 && groups[4] === 0 && groups[5] === 0xffff) {
    const ipv4 = groups[6] * 0x10000 + groups[7];
    return isPublicIpv4(ipv4) ? [ipv4 >>> 24, (ipv4 >>> 16) & 255, (ipv4 >>> 8) & 255, ipv4 & 255].join('.') : null;
  }
  if (first >>> 13 !== 1) return null;
  if (first === 0x2001 && (second < 0x200 || second === 0xdb8)) return null;
  if (first === 0x2002 || (first === 0x3fff && second < 0x1000)) return null;
  return groups.map((group) => group.toString(16)).join(':');
}
