import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MarkdownFileLegalTexts, renderLegalText } from './markdown-file-legal-texts.js';

const TEMPLATES = fileURLToPath(new URL('../../../../legal/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'linkbio-legal-texts-'));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const shipped = () =>
  new MarkdownFileLegalTexts({
    privacy: { file: join(TEMPLATES, 'privacy.md'), variable: 'PRIVACY_POLICY_FILE' },
    terms: { file: join(TEMPLATES, 'terms.md'), variable: 'TERMS_FILE' },
  });

describe('MarkdownFileLegalTexts', () => {
  it('reads the shipped templates, which say at the top that they are templates to adapt', () => {
    const texts = shipped();
    expect(texts.text('privacy').title).toBe('Privacy Policy');
    expect(texts.text('terms').title).toBe('Terms of Service');
    for (const kind of ['privacy', 'terms'] as const) {
      const { html } = texts.text(kind);
      expect(html.startsWith('<h1>')).toBe(true);
      // The notice is the first thing after the title.
      expect(html).toMatch(/^<h1>[^<]+<\/h1>\n<blockquote>\n<p><strong>This is a template to adapt\.<\/strong>/);
    }
    expect(texts.text('terms').html).toContain('20% platform fee');
    expect(texts.text('terms').html).toContain('up to 5 links');
    expect(texts.text('privacy').html).toContain('Stripe');
    expect(texts.text('privacy').html).toContain('PayPal');
  });

  it('shows raw HTML as text and keeps script addresses out of links', () => {
    const { html } = renderLegalText(
      'privacy',
      '# Ours\n\n<script>alert(1)</script>\n\nHi <img src=x onerror=alert(1)> there.\n\n[click](javascript:alert(1)) [ok](https://example.com/a)\n',
    );
    expect(html).not.toMatch(/<script|<img|href="javascript:/i);
    expect(html).toContain('[click](javascript:alert(1))'); // left as text, no link
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<a href="https://example.com/a">ok</a>');
  });

  it('takes the first heading as the title, or puts the page\'s name above a text without one', () => {
    expect(renderLegalText('terms', 'Intro\n\n# Our *own* terms\n').title).toBe('Our own terms');
    const untitled = renderLegalText('terms', 'Just <b>text</b>.\n');
    expect(untitled).toEqual({ title: 'Terms of Service', html: '<h1>Terms of Service</h1>\n<p>Just &lt;b&gt;text&lt;/b&gt;.</p>\n' });
  });

  it('stops with the variable and the file when a file cannot be read', () => {
    const terms = file('terms.md', '# T\n');
    expect(
      () =>
        new MarkdownFileLegalTexts({
          privacy: { file: join(dir, 'missing.md'), variable: 'PRIVACY_POLICY_FILE' },
          terms: { file: terms, variable: 'TERMS_FILE' },
        }),
    ).toThrow(`PRIVACY_POLICY_FILE: cannot read ${join(dir, 'missing.md')} (ENOENT`);
  });
});
