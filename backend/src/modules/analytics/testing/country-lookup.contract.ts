import { UNKNOWN_COUNTRY, type CountryLookup } from '../application/ports/country-lookup.js';

/**
 * Rows the shipped database lists (geo-whois-asn-country 2026-06-17; see its CSV twin): RIPE NCC's own
 * 193.0.0.0–193.0.23.255 and 2001:67c:2e8::/48 (the K root server's), both NL. The fake places the same.
 */
export const LISTED = {
  ipv4: { address: '193.0.0.1', country: 'NL' },
  ipv6: { address: '2001:67c:2e8::1', country: 'NL' },
} as const;

/** Addresses that name no country whatever a database says: not public, or not an address at all. */
export const NO_PLACE: Array<[string, string]> = [
  ['private 10/8', '10.1.2.3'],
  ['private 172.16/12', '172.16.5.4'],
  ['private 192.168/16', '192.168.1.10'],
  ['unique local fc00::/7', 'fd12:3456:789a::1'],
  ['loopback', '127.0.0.1'],
  ['loopback, elsewhere in 127/8', '127.8.9.10'],
  ['IPv6 loopback', '::1'],
  ['link-local', '169.254.10.20'],
  ['IPv6 link-local', 'fe80::1ff:fe23:4567:890a'],
  ['IPv6 link-local with a zone', 'fe80::1%eth0'],
  ['carrier-grade NAT 100.64/10', '100.64.0.1'],
  ['carrier-grade NAT, its last address', '100.127.255.254'],
  ['unspecified', '0.0.0.0'],
  ['IPv6 unspecified', '::'],
  ['broadcast', '255.255.255.255'],
  ['multicast', '224.0.0.251'],
  ['IPv6 multicast', 'ff02::fb'],
  ['IPv4-mapped private', '::ffff:192.168.0.1'],
  ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['IPv4-mapped CGNAT, in hex', '::ffff:6440:1'],
  ['empty', ''],
  ['a host name', 'localhost'],
  ['three parts', '193.0.0'],
  ['a part past 255', '193.0.0.256'],
  ['with a port', '193.0.0.1:443'],
  ['IPv6 in brackets', '[2001:67c:2e8::1]'],
  ['with spaces', ' 193.0.0.1 '],
  ['a list, as X-Forwarded-For has', '193.0.0.1, 10.0.0.1'],
  ['short form 127.1', '127.1'],
  ['hexadecimal', '0xc1.0.0.1'],
  ['leading zero (octal to some)', '0193.0.0.1'],
  ['a whole number', '3238002689'],
  ['IPv6 with a zone on a public address', '2001:67c:2e8::1%1'],
  ['too many IPv6 groups', '2001:67c:2e8:0:0:0:0:0:1'],
  ['very long', `${'1'.repeat(10_000)}.0.0.1`],
];

/** The behaviour every CountryLookup shares; run by the fake's spec and the MaxMind DB adapter's. */
export function countryLookupContract(name: string, make: () => CountryLookup) {
  describe(`CountryLookup contract: ${name}`, () => {
    it('answers the country of a listed IPv4 address', () => {
      expect(make().countryOf(LISTED.ipv4.address)).toBe(LISTED.ipv4.country);
    });

    it('answers the country of a listed IPv6 address, however it is written', () => {
      const lookup = make();
      expect(lookup.countryOf(LISTED.ipv6.address)).toBe(LISTED.ipv6.country);
      expect(lookup.countryOf('2001:067C:02E8:0000:0000:0000:0000:0001')).toBe(LISTED.ipv6.country);
    });

    it('looks up an IPv4-mapped IPv6 address, as a dual-stack server reports IPv4 visitors, as its IPv4 address', () => {
      const lookup = make();
      expect(lookup.countryOf(`::ffff:${LISTED.ipv4.address}`)).toBe(LISTED.ipv4.country);
      expect(lookup.countryOf('::FFFF:c100:1')).toBe(LISTED.ipv4.country);
      expect(lookup.countryOf(`0:0:0:0:0:ffff:${LISTED.ipv4.address}`)).toBe(LISTED.ipv4.country);
    });

    it.each(NO_PLACE)('answers unknown for %s (%p)', (_what, address) => {
      expect(make().countryOf(address)).toBe(UNKNOWN_COUNTRY);
    });

    it('answers unknown, never throws, for what is not text', () => {
      const lookup = make();
      for (const value of [undefined, null, 42, {}, ['193.0.0.1']]) {
        expect(lookup.countryOf(value as unknown as string)).toBe(UNKNOWN_COUNTRY);
      }
    });
  });
}
