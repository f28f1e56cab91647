import type { IncomingMessage } from 'node:http';
import { bioVisitAttribution, carriedAttribution } from './visit-attribution.js';

const request = (url: string, headers: Record<string, string> = {}) =>
  ({ url, headers: { host: 'linkbio.test:3000', ...headers } }) as unknown as IncomingMessage;
const ORIGIN = 'https://linkbio.test';

describe('bioVisitAttribution', () => {
  it('is none for a visit with neither campaign parameters nor a referrer: the page as always', () => {
    expect(bioVisitAttribution(request('/maya'), ORIGIN)).toBeNull();
    expect(bioVisitAttribution(request('/maya?booked=true'), ORIGIN)).toBeNull();
    expect(bioVisitAttribution(request('/maya?utm_source=%20%20'), ORIGIN)).toBeNull();
  });

  it('takes the campaign parameters of the address, before the referrer', () => {
    expect(
      bioVisitAttribution(request('/maya?utm_source=newsletter&utm_medium=email&utm_campaign=spring', { referer: 'https://t.co/x' }), ORIGIN),
    ).toEqual({ source: 'newsletter', medium: 'email', campaign: 'spring' });
  });

  it("takes the referring host as the source, unless it is the product's own", () => {
    expect(bioVisitAttribution(request('/maya', { referer: 'https://www.instagram.com/p/1?x=y' }), ORIGIN)).toEqual({
      source: 'www.instagram.com',
      medium: null,
      campaign: null,
    });
    expect(bioVisitAttribution(request('/maya', { referer: 'https://linkbio.test/book/maya' }), ORIGIN)).toBeNull();
    // Served on another host than PUBLIC_URL names: the Host it came to is ours too.
    expect(bioVisitAttribution(request('/maya', { referer: 'http://linkbio.test:3000/tip/maya' }), 'https://example.org')).toBeNull();
    expect(bioVisitAttribution(request('/maya', { referer: 'javascript:alert(1)' }), ORIGIN)).toBeNull();
  });
});

describe('carriedAttribution', () => {
  it('reads the campaign parameters the bio page put in the address, and nothing else', () => {
    expect(carriedAttribution(request('/tip/maya?amount=500&utm_source=newsletter&utm_campaign=spring'))).toEqual({
      source: 'newsletter',
      medium: null,
      campaign: 'spring',
    });
    expect(carriedAttribution(request('/tip/maya?amount=500', { referer: 'https://t.co/' }))).toBeNull();
    expect(carriedAttribution(request('/book/maya'))).toBeNull();
  });
});
