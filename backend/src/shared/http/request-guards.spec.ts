import type { IncomingHttpHeaders } from 'node:http';
import { isCrossSite } from './request-guards.js';

const ALLOWED = new Set(['https://www.example.com']);
const call = (headers: IncomingHttpHeaders) => ({ host: 'linkbio.example', ...headers });

describe('isCrossSite', () => {
  it.each([
    ['its own scheme and host', 'https://linkbio.example', 'https'],
    ['its own scheme and host over plain HTTP', 'http://linkbio.example', 'http'],
    ['an allowed origin', 'https://www.example.com', 'https'],
  ])('lets a call from %s through', (_case, origin, protocol) => {
    expect(isCrossSite(call({ origin }), ALLOWED, protocol)).toBe(false);
  });

  it.each([
    ['the host over another scheme (http page, https API)', 'http://linkbio.example', 'https'],
    ['the host over another scheme (https page, http API)', 'https://linkbio.example', 'http'],
    ['another host', 'https://evil.example', 'https'],
    ['another port', 'https://linkbio.example:8443', 'https'],
    ['an allowed origin over another scheme', 'http://www.example.com', 'https'],
    ['"null"', 'null', 'https'],
    ['garbage', 'not a url', 'https'],
  ])('refuses an Origin of %s', (_case, origin, protocol) => {
    expect(isCrossSite(call({ origin }), ALLOWED, protocol)).toBe(true);
  });

  it('believes the browser saying cross-site, and lets calls without either header through', () => {
    expect(isCrossSite(call({ 'sec-fetch-site': 'cross-site' }), ALLOWED, 'https')).toBe(true);
    expect(isCrossSite(call({}), ALLOWED, 'https')).toBe(false);
  });
});
