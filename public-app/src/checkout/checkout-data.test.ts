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
      attribution: null,
    });
  });

  it("reads the visit's attribution cleaned, and one of another shape as none", () => {
    const data = { kind: 'tip', username: 'maya', presets: [] };
    const read = (attribution: unknown) => readCheckoutData(rootWith(JSON.stringify({ ...data, attribution })), 'tip')?.attribution;
    expect(read({ source: ' newsletter\u0000 ', medium: 'email', campaign: 7 })).toEqual({ source: 'newsletter', medium: 'email', campaign: null });
    for (const none of [undefined, null, 'newsletter', ['a'], { source: '  ' }]) expect(read(none)).toBeNull();
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
      attribution: null,
    });
  });
});
