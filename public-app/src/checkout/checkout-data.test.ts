import { describe, expect, it } from 'vitest';
import { readCheckoutData } from './checkout-data';

const rootWith = (json: string) => {
  const root = document.createElement('div');
  root.dataset.checkout = json;
  return root;
};

describe('readCheckoutData', () => {
  it("reads the product page's data", () => {
    const root = rootWith(
      JSON.stringify({
        kind: 'product',
        username: 'maya',
        productId: 'p1',
        title: 'Guide',
        priceCents: null,
        minPriceCents: 500,
        offersList: true,
      }),
    );
    expect(readCheckoutData(root, 'product')).toEqual({
      kind: 'product',
      username: 'maya',
      productId: 'p1',
      title: 'Guide',
      priceCents: null,
      minPriceCents: 500,
      offersList: true,
    });
  });

  it('refuses what is no checkout of that kind, and drops amounts that are no whole cents', () => {
    expect(readCheckoutData(rootWith('not json'), 'product')).toBeNull();
    expect(readCheckoutData(rootWith('{"kind":"tip","username":"maya"}'), 'product')).toBeNull();
    expect(readCheckoutData(rootWith('{"kind":"product","username":"maya"}'), 'product')).toBeNull();
    expect(
      readCheckoutData(
        rootWith('{"kind":"tip","username":"maya","presets":[300,"x",2.5,-1,500],"amountCents":"9"}'),
        'tip',
      ),
    ).toEqual({
      kind: 'tip',
      username: 'maya',
      displayName: '',
      presets: [300, 500],
      amountCents: null,
      message: null,
      offersList: false,
    });
  });
});
