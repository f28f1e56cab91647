import { DOWNLOAD_LINK_TTL_MS, DownloadLinks } from './download-links.js';

describe('DownloadLinks', () => {
  const links = new DownloadLinks(['a-secret-of-at-least-thirty-two-chars!!']);
  const id = '0b8f1c3e-59a4-4c55-9d6e-2d7c6f0f6a11';
  const key = 'files/0b8f1c3e-59a4-4c55-9d6e-2d7c6f0f6a11/6c1e7e84-61a6-4c9c-8a5c-1f8b4c1b2d33';
  const now = new Date('2027-01-01T00:00:00Z');

  it('accepts its own token for the same file until it expires', () => {
    const token = links.token(id, key, now);
    expect(links.verify(token, key, now)).toEqual({ ok: true, productId: id });
    expect(links.verify(token, key, new Date(now.getTime() + DOWNLOAD_LINK_TTL_MS))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses an altered token, another file, another secret', () => {
    const token = links.token(id, key, now);
    const [p, e, s] = token.split('.');
    expect(links.verify(`${p}.${Number(e) + 600}.${s}`, key, now).ok).toBe(false);
    expect(links.verify(`${p}.${e}.${s!.slice(0, -1)}A`, key, now).ok).toBe(false);
    expect(links.verify(token, `${key.slice(0, -1)}4`, now).ok).toBe(false);
    expect(links.verify(token, null, now).ok).toBe(false);
    expect(new DownloadLinks(['another-secret-of-thirty-two-chars-long']).verify(token, key, now).ok).toBe(false);
    expect(links.verify('nonsense', key, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});
