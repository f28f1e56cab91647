import type { IncomingMessage } from 'node:http';
import { carriedAttribution } from './visit-attribution.js';

const request = (url: string, headers: Record<string, string> = {}) =>
  ({ url, headers: { host: 'linkbio.test:3000', ...headers } }) as unknown as IncomingMessage;

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
