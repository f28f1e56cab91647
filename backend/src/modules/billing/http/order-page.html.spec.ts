import { redactPath, secretsOfPath } from '../../../shared/logging/secret-paths.js';
import { orderPageHtml, orderRefusedHtml } from './order-page.html.js';

describe('the order page', () => {
  it('escapes everything it shows and posts the download to its own path', () => {
    const html = orderPageHtml(
      { title: '<script>alert(1)</script>', creatorName: 'Maya "M" & Co', delivery: { kind: 'file', fileName: 'a<b>.pdf', downloadsLeft: 3 } },
      '/order/abc/download',
    );
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Maya &quot;M&quot; &amp; Co');
    expect(html).toContain('a&lt;b&gt;.pdf · 3 downloads left');
    expect(html).toContain('<form method="post" action="/order/abc/download">');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('shows a URL product’s private address only when it is http(s), and no button once the downloads are used', () => {
    expect(orderPageHtml({ title: 'T', creatorName: '', delivery: { kind: 'url', url: 'https://example.com/?a=1&b="2"' } }, '/x')).toContain(
      'href="https://example.com/?a=1&amp;b=&quot;2&quot;"',
    );
    expect(orderPageHtml({ title: 'T', creatorName: '', delivery: { kind: 'url', url: 'javascript:alert(1)' } }, '/x')).not.toContain('javascript:');
    const used = orderPageHtml({ title: 'T', creatorName: '', delivery: { kind: 'file', fileName: 'f', downloadsLeft: 0 } }, '/x');
    expect(used).not.toContain('<form');
    expect(orderRefusedHtml('<b>no</b>')).toContain('&lt;b&gt;no&lt;/b&gt;');
  });

  it('is a secret path: its token is redacted from logs', () => {
    const token = 'A'.repeat(43);
    expect(redactPath(`/order/${token}`)).toBe('/order/[redacted]');
    expect(redactPath(`//ORDER//${token}/download`)).toBe('//ORDER//[redacted]/download');
    expect(secretsOfPath(`/order/${token}/download`)).toEqual([token]);
    expect(redactPath('/api/orders/resend')).toBe('/api/orders/resend');
  });
});
