import { bioUsername, isPublicPagePath } from './public-page-paths.js';

describe('public page paths', () => {
  it.each([
    ['/alice', true],
    ['/alice/', true],
    ['/Alice', true],
    ['/a-b-c', true],
    ['/abc123', true],
    ['/book', true],
    ['/book/', true],
    ['/book/alice', true],
    ['/book/Nobody_Here', true],
    ['/tip/alice', true],
    ['/tip', true],
    ['/go/3f0c5a36-0a4d-4a45-9d4f-2f5a2c8f8e11', true],
    ['/go/not-an-id', true],
    ['/privacy', true],
    ['/terms', true],
    ['/terms/', true],
    ['/alice/products/3f0c5a36-0a4d-4a45-9d4f-2f5a2c8f8e11', true],
    ['/Alice/products/anything', true],
  ])('%s is a public page', (path, expected) => {
    expect(isPublicPagePath(path)).toBe(expected);
  });

  it.each([
    ['/'],
    ['/auth'],
    ['/dashboard'],
    ['/subscribe'],
    ['/booking-success'],
    ['/api'],
    ['/admin'],
    ['/go'],
    ['/go/'],
    ['/ab'],
    ['/' + 'a'.repeat(31)],
    ['/-alice'],
    ['/alice-'],
    ['/a_b_c'],
    ['/alice.png'],
    ['/favicon.svg'],
    ['/alice/links'],
    ['/book/alice/extra'],
    ['/tip/alice/extra'],
    ['/no/such/page'],
    ['/assets/index.js'],
    ['/p/assets/booking.js'],
    ['/%61lice'],
    ['/privacy/more'],
    ['/Terms'],
    ['/auth/products/3f0c5a36-0a4d-4a45-9d4f-2f5a2c8f8e11'],
    ['/alice/products/'],
    ['/alice/products/x/more'],
  ])('%s stays the dashboard’s', (path) => {
    expect(isPublicPagePath(path)).toBe(false);
  });

  it.each(['/linkbio-fan', '/stripe', '/paypal-shop', '/moderator', '/ops'])(
    '%s is a public page: names reserved for looking official are refused to new claims only',
    (path) => {
      expect(isPublicPagePath(path)).toBe(true);
      expect(bioUsername(path.slice(1))).toBe(path.slice(1));
    },
  );

  it('reads the username in lowercase, refusing reserved and malformed names', () => {
    expect(bioUsername('Alice')).toBe('alice');
    expect(bioUsername('support')).toBeNull();
    expect(bioUsername('privacy')).toBeNull();
    expect(bioUsername('terms')).toBeNull();
    expect(bioUsername('al')).toBeNull();
    expect(bioUsername('al ice')).toBeNull();
  });
});
