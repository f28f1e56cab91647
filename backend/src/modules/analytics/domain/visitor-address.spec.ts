import { lookupAddress } from './visitor-address.js';

describe('lookupAddress', () => {
  it.each([
    ['193.0.0.1', '193.0.0.1'],
    ['::ffff:193.0.0.1', '193.0.0.1'],
    ['::ffff:c100:1', '193.0.0.1'],
    ['2001:067c:02e8:0000:0000:0000:0000:0001', '2001:67c:2e8::1'],
    ['2A00:1450::1', '2a00:1450::1'],
  ])('looks %p up as %p', (address, key) => {
    expect(lookupAddress(address)).toBe(key);
  });

  it.each([
    '10.0.0.1',
    '100.64.0.1',
    '169.254.1.1',
    '127.0.0.1',
    '::1',
    'fe80::1',
    'fd00::1',
    '203.0.113.5',
    '2001:db8::1',
    '2002:c100:1::1',
    '2001::1',
    '64:ff9b::c100:1',
    'not an address',
    '127.1',
  ])('looks %p up nowhere', (address) => {
    expect(lookupAddress(address)).toBeNull();
  });
});
