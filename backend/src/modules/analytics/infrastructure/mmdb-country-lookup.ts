import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'mmdb-lib';
import { UNKNOWN_COUNTRY, type CountryLookup } from '../application/ports/country-lookup.js';
import { lookupAddress } from '../domain/visitor-address.js';

/**
 * The country database the product ships: ip-location-db's "geo-whois-asn-country" (GeoFeed, then the five
 * regional registries' WHOIS, then their AS-to-country data), one MaxMind DB file for IPv4 and IPv6, from the
 * npm package pinned in backend/package.json. Its data is the NRO's, under CC BY 4.0 (README, Analytics).
 */
export const SHIPPED_COUNTRY_DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

/** A two-letter country code as the database writes them (ISO 3166-1 alpha-2, and XK for Kosovo). */
const COUNTRY_CODE = /^[A-Z]{2}$/;

/**
 * Countries from a MaxMind DB (.mmdb) file read whole into memory once, at start (the shipped one: about 7 ms
 * and 8 MB). A lookup walks the file's binary tree in that buffer, with no I/O and no network: about 1 µs for
 * IPv4 and 2 µs for IPv6 on a 2-core machine (scripts/country-lookup-bench.mjs). The few hundred country records
 * are decoded once each and kept.
 */
export class MmdbCountryLookup implements CountryLookup {
  private constructor(
    private readonly reader: Reader<Response>,
    /** When the database was built: how old the countries are. */
    readonly builtAt: Date,
  ) {}

  /**
   * Reads the database at start; a file that is missing, not a MaxMind DB or without IPv6 (which also holds the
   * IPv4 addresses) stops the start with a message that names it, rather than answering 'unknown' for everyone.
   */
  static load(file: string = shippedDatabaseFile()): MmdbCountryLookup {
    let reader: Reader<Response>;
    try {
      reader = new Reader<Response>(readFileSync(file), { cache: new Map() });
    } catch (error) {
      throw new Error(
        `Country database ${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    if (reader.metadata.ipVersion !== 6) {
      throw new Error(`Country database ${file} holds IPv4 addresses only; the product needs one with IPv4 and IPv6`);
    }
    return new MmdbCountryLookup(reader, reader.metadata.buildEpoch);
  }

  countryOf(ip: string): string {
    const address = lookupAddress(ip);
    if (address === null) return UNKNOWN_COUNTRY;
    try {
      const code = (this.reader.get(address) as { country_code?: unknown } | null)?.country_code;
      return typeof code === 'string' && COUNTRY_CODE.test(code) ? code : UNKNOWN_COUNTRY;
    } catch {
      // A record the reader cannot decode is a damaged database, not the visitor's fault: no country. The
      // address stays out of any message.
      return UNKNOWN_COUNTRY;
    }
  }
}

/** Where npm installed the shipped database (resolved like a module, so hoisting does not matter). */
export function shippedDatabaseFile(): string {
  return createRequire(import.meta.url).resolve(SHIPPED_COUNTRY_DATABASE);
}
