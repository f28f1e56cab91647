import { UNKNOWN_COUNTRY } from '../application/ports/country-lookup.js';
import { countryLookupContract, LISTED } from './country-lookup.contract.js';
import { InMemoryCountryLookup } from './in-memory-country-lookup.js';

function lookupWithListedRows() {
  const lookup = new InMemoryCountryLookup();
  lookup.place(LISTED.ipv4.address, LISTED.ipv4.country);
  lookup.place(LISTED.ipv6.address, LISTED.ipv6.country);
  return lookup;
}

countryLookupContract('in memory', lookupWithListedRows);

describe('InMemoryCountryLookup', () => {
  it('answers unknown for a public address nobody placed', () => {
    expect(lookupWithListedRows().countryOf('193.0.0.2')).toBe(UNKNOWN_COUNTRY);
  });

  it('refuses to place a country on an address that names no place', () => {
    expect(() => new InMemoryCountryLookup().place('10.0.0.1', 'NL')).toThrow('not a public address');
  });
});
