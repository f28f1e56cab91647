import { Document } from '../components/document';
import { LogoMark } from '../components/icons';
import type { LegalPageInput } from '../page-model';
import { Texts } from '../texts';

/**
 * /privacy and /terms: the product's name home, the text, and the two legal links. The text's HTML comes from
 * the backend's Markdown renderer with raw HTML off, so it is set as it is; it carries the page's one h1.
 */
export function LegalPage({ origin, path, title, html, css }: LegalPageInput & { css: string }) {
  return (
    <Document
      title={`${title} · ${Texts.productName}`}
      description={Texts.legalDescription(title)}
      canonical={`${origin}/${path}`}
      themeColor="#f8fafc"
      css={css}
      bodyClassName="t-default"
    >
      <header className="legal-top">
        <a className="legal-home" href="/">
          <LogoMark />
          {Texts.productName}
        </a>
      </header>
      <main className="legal" dangerouslySetInnerHTML={{ __html: html }} />
      <footer className="legal-foot">
        <nav aria-label={Texts.legalLinks}>
          <ul>
            <li>
              <a href="/privacy" aria-current={path === 'privacy' ? 'page' : undefined}>
                {Texts.privacyPolicy}
              </a>
            </li>
            <li>
              <a href="/terms" aria-current={path === 'terms' ? 'page' : undefined}>
                {Texts.termsOfService}
              </a>
            </li>
            <li>
              <a href="/">{Texts.goHome}</a>
            </li>
          </ul>
        </nav>
      </footer>
    </Document>
  );
}
