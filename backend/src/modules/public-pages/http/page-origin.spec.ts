import type { Request } from 'express';
import { pageOrigin } from './page-origin.js';

const request = (protocol: string, host: string | undefined) =>
  ({ protocol, get: (name: string) => (name.toLowerCase() === 'host' ? host : undefined) }) as unknown as Request;

describe('pageOrigin', () => {
  it('prefers PUBLIC_URL, without a trailing slash', () => {
    expect(pageOrigin(request('http', 'evil.example'), 'https://linkbio.example/')).toBe('https://linkbio.example');
  });

  it("uses the request's scheme and host otherwise", () => {
    expect(pageOrigin(request('https', 'Links.Example:8443'), undefined)).toBe('https://links.example:8443');
    expect(pageOrigin(request('http', '127.0.0.1:3000'), undefined)).toBe('http://127.0.0.1:3000');
    expect(pageOrigin(request('http', '[::1]:3000'), undefined)).toBe('http://[::1]:3000');
  });

  it.each([['evil.example/"><script>'], ['a b'], ['user@host'], [''], [undefined]])(
    'falls back to localhost for the host %j',
    (host) => {
      expect(pageOrigin(request('http', host), undefined)).toBe('http://localhost');
    },
  );
});
