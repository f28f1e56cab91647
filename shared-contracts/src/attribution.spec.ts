import { attributionFromBody, attributionOf, attributionQuery, attributionValue, hasAttribution, NO_ATTRIBUTION } from './attribution.js';

describe('attribution', () => {
  it('takes the campaign parameters, utm_source before the referrer', () => {
    expect(attributionOf('?utm_source=newsletter&utm_medium=email&utm_campaign=spring', 'www.instagram.com')).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring',
    });
    expect(attributionOf('utm_campaign=spring', 'www.instagram.com')).toEqual({ source: 'www.instagram.com', medium: null, campaign: 'spring' });
    expect(attributionOf('', null)).toEqual(NO_ATTRIBUTION);
    expect(hasAttribution(attributionOf('', null))).toBe(false);
  });

  it('keeps the first of a repeated parameter and ignores empty ones', () => {
    expect(attributionOf('utm_source=a&utm_source=b&utm_medium=', null)).toEqual({ source: 'a', medium: null, campaign: null });
    expect(attributionOf('utm_source=%20%20', 'youtube.com').source).toBe('youtube.com');
  });

  it('removes controls and direction marks, trims and cuts long values', () => {
    expect(attributionValue(' a\u0000b\u202ec\n ', 10)).toBe('abc');
    expect(attributionValue('x'.repeat(300), 255)).toHaveLength(255);
    expect(attributionValue('😀😀😀', 2)).toBe('😀😀');
    expect(attributionValue(undefined, 10)).toBeNull();
  });

  it('carries an attribution on as a query that reads back the same', () => {
    const attribution = { source: 'a b&c', medium: 'e=mail', campaign: 'spring/25' };
    const query = attributionQuery(attribution);
    expect(query).toBe('utm_source=a+b%26c&utm_medium=e%3Dmail&utm_campaign=spring%2F25');
    expect(attributionOf(query, 'other.example')).toEqual(attribution);
    expect(attributionQuery(NO_ATTRIBUTION)).toBe('');
  });

  it('reads a body field of three optional strings, and nothing else', () => {
    expect(attributionFromBody({ source: ' ig ', medium: 3, campaign: 'c' })).toEqual({ source: 'ig', medium: null, campaign: 'c' });
    for (const bad of [null, 'ig', ['ig'], 5]) expect(attributionFromBody(bad)).toEqual(NO_ATTRIBUTION);
  });
});
