import { UNKNOWN_COUNTRY, type CountryLookup } from '../application/ports/country-lookup.js';
import { lookupAddress } from '../domain/visitor-address.js';

/**
 * Countries for the addresses a test places, 'unknown' for every other one. Addresses go through the same
 * rules as the real database's (special-purpose ones name no place; `::ffff:a.b.c.d` is `a.b.c.d`), so a
 * test cannot give a country to a private address by mistake.
 */
export class InMemoryCountryLookup implements CountryLookup {
  private readonly countries = new Map<string, string>();

  place(address: string, country: string): void {
    const key = lookupAddress(address);
    if (key === null) throw new Error(`${address} is not a public address: no country can be placed there`);
    this.countries.set(key, country);
  }

  countryOf(ip: string): string {
    const key = lookupAddress(ip);
    return (key !== null && this.countries.get(key)) || UNKNOWN_COUNTRY;
  }
}
