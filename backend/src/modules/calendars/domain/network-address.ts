import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses the product may fetch a creator's calendar from: the address is one a creator typed, so
 * without this check it could point the server at itself or at the private network it runs in (SSRF). Only
 * public unicast addresses pass; loopback, private, link-local, unique-local, CGNAT, multicast, unspecified,
 * documentation and reserved ranges do not, in IPv4 and IPv6 (IPv4 inside IPv6 is judged as the IPv4 it holds).
 */
const NOT_PUBLIC_V4: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT (shared address space)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const NOT_PUBLIC_V6: ReadonlyArray<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001::', 32], // Teredo (tunnels to an address hidden in it)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V4) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NOT_PUBLIC_V6) blocked.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or null when it is not one. */
function groupsOf(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address.split('%')[0]!.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  const all = rest === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
  return all.length === 8 ? all.map((group) => parseInt(group, 16)) : null;
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped, IPv4-compatible, NAT64 well-known prefix), if any. */
function embeddedIPv4(groups: number[]): string | null {
  const v4 = () => [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return v4(); // ::ffff:a.b.c.d
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return v4(); // ::ffff:0:a.b.c.d (SIIT)
  if (zeros(0, 6) && (groups[6] !== 0 || groups[7]! > 1)) return v4(); // ::a.b.c.d (deprecated compatible)
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(); // 64:ff9b::a.b.c.d (NAT64)
  if (groups[0] === 0x2002) return [groups[1]! >> 8, groups[1]! & 255, groups[2]! >> 8, groups[2]! & 255].join('.'); // 6to4
  return null;
}

/** True only for a public unicast IP address; anything else (not an IP address included) is false. */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !blocked.check(address, 'ipv4');
  const groups = groupsOf(address);
  if (!groups) return false;
  const v4 = embeddedIPv4(groups);
  if (v4 !== null) return isPublicAddress(v4);
  const normal = groups.map((group) => group.toString(16)).join(':');
  if (blocked.check(normal, 'ipv6')) return false;
  // Only the global unicast range 2000::/3 is handed out on the internet.
  return (groups[0]! & 0xe000) === 0x2000;
}
