/** The answer for a visitor whose country cannot be told: not a public address, or one no database lists. */
export const UNKNOWN_COUNTRY = 'unknown';

/**
 * Which country a visitor is in, from the address of their request: looked up in the API process, in memory
 * (a country database loaded once at start), never over the network, so it can sit on the public request
 * paths. The address is only looked at here — never stored, logged or put in an error; only the country
 * goes on.
 */
export abstract class CountryLookup {
  /**
   * The ISO 3166-1 alpha-2 code of the address's country in upper case ('NL', 'US'), or UNKNOWN_COUNTRY for
   * private, loopback, link-local, carrier-grade NAT and other special-purpose addresses, text that is not an
   * IPv4 or IPv6 address, and addresses the database does not list. IPv4-mapped IPv6 addresses are looked up
   * as their IPv4 address. Never throws.
   */
  abstract countryOf(ip: string): string;
}
