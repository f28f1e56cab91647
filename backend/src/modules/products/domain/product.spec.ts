import { DomainError } from '../../../shared/domain-error.js';
import { canBeSold, pricing } from './product.js';

describe('product pricing', () => {
  it('takes a fixed price or a pay-what-you-want minimum', () => {
    expect(pricing({ priceCents: 1200 })).toEqual({ priceCents: 1200, minPriceCents: null });
    expect(pricing({ minPriceCents: 500, priceCents: null })).toEqual({ priceCents: null, minPriceCents: 500 });
  });

  it('refuses both, and neither on a new product', () => {
    expect(() => pricing({ priceCents: 1200, minPriceCents: 500 })).toThrow('Give either a price or a pay-what-you-want minimum, not both');
    expect(() => pricing({})).toThrow(DomainError);
  });

  it('switches on a change, and keeps the pricing when none is named', () => {
    const current = { priceCents: 1200, minPriceCents: null };
    expect(pricing({ minPriceCents: 300 }, current)).toEqual({ priceCents: null, minPriceCents: 300 });
    expect(pricing({}, current)).toEqual(current);
  });
});

describe('canBeSold', () => {
  const file = { key: 'k', name: 'a.pdf', contentType: 'application/pdf', size: 3 };
  it('needs the product visible and something to deliver', () => {
    expect(canBeSold({ visible: true, file, privateUrl: null })).toBe(true);
    expect(canBeSold({ visible: true, file: null, privateUrl: 'https://x.example/a' })).toBe(true);
    expect(canBeSold({ visible: false, file, privateUrl: null })).toBe(false);
    expect(canBeSold({ visible: true, file: null, privateUrl: null })).toBe(false);
  });
});
