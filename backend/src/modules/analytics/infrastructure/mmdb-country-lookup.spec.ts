import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Reader, type Response } from 'mmdb-lib';
import { UNKNOWN_COUNTRY } from '../application/ports/country-lookup.js';
import { countryLookupContract } from '../testing/country-lookup.contract.js';
import { MmdbCountryLookup, shippedDatabaseFile } from './mmdb-country-lookup.js';

/** The shipped database, loaded once for the file (as the API loads it once at start). */
const shipped = MmdbCountryLookup.load();

countryLookupContract('MaxMind DB (shipped database)', () => shipped);

describe('MmdbCountryLookup on the shipped database', () => {
  // Each row as the database's CSV twin lists it (geo-whois-asn-country 2026-06-17).
  it.each([
    ['81.2.69.142', 'GB', '81.2.64.0–81.2.127.255'],
    ['202.12.27.33', 'JP', '202.12.26.0–202.12.28.255 (the M root server)'],
    ['41.0.0.1', 'ZA', '41.0.0.0–41.31.255.255'],
    ['1.0.1.1', 'CN', '1.0.1.0–1.0.3.255'],
    ['240e::1', 'CN', '240e::/18'],
    ['2a00:1450::1', 'IE', '2a00:1450::/29'],
    ['2001:41d0::1', 'FR', '2001:41d0::/32'],
  ])('answers %s for its listed row: %s (%s)', (address, country) => {
    expect(shipped.countryOf(address)).toBe(country);
  });

  it.each([
    ['14.102.240.1', 'IPv4, in the unlisted 14.102.240.0–14.102.255.255'],
    ['2c0f:f000::1', 'IPv6, in no listed row'],
  ])('answers unknown for a public address the database does not list: %s (%s)', (address) => {
    expect(shipped.countryOf(address)).toBe(UNKNOWN_COUNTRY);
  });

  // The database gives these special-purpose ranges a country; they name no place, so the lookup never asks it.
  it.each([
    ['203.0.113.5', 'AU', 'documentation (TEST-NET-3)'],
    ['198.51.100.1', 'AU', 'documentation (TEST-NET-2)'],
    ['2001:db8::1', 'JP', 'IPv6 documentation'],
    ['2001:2::1', 'JP', 'IPv6 benchmarking'],
  ])('answers unknown for %s, which the database lists as %s: %s', (address, listedAs) => {
    const raw = new Reader<Response>(readFileSync(shippedDatabaseFile()));
    expect(raw.get(address)).toEqual({ country_code: listedAs });
    expect(shipped.countryOf(address)).toBe(UNKNOWN_COUNTRY);
  });

  it('says when the database was built', () => {
    expect(shipped.builtAt.getTime()).toBeGreaterThan(Date.UTC(2026, 0, 1));
    expect(shipped.builtAt.getTime()).toBeLessThan(Date.now());
  });
});

describe('MmdbCountryLookup.load', () => {
  const dir = mkdtempSync(join(tmpdir(), 'country-db-'));

  it('stops the start, naming the file, when there is no database', () => {
    const missing = join(dir, 'missing.mmdb');
    expect(() => MmdbCountryLookup.load(missing)).toThrow(`Country database ${missing} cannot be read`);
  });

  it('stops the start, naming the file, when the file is no MaxMind DB', () => {
    const text = join(dir, 'not-a-database.mmdb');
    writeFileSync(text, 'country,code\nNetherlands,NL\n');
    expect(() => MmdbCountryLookup.load(text)).toThrow(`Country database ${text} cannot be read`);
  });

  it('stops the start for a database without IPv6, which would leave every IPv6 visitor unknown', () => {
    const ipv4Only = join(dirname(shippedDatabaseFile()), 'geo-whois-asn-country-ipv4.mmdb');
    expect(() => MmdbCountryLookup.load(ipv4Only)).toThrow(`Country database ${ipv4Only} holds IPv4 addresses only`);
  });
});
