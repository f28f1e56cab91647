import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import { LEGAL_PAGES, LegalTexts, type LegalPageKind, type LegalText } from '../application/ports/legal-texts.js';

/** Where each text comes from: the file, and the variable that named it (for the message when it cannot be read). */
export type LegalFiles = Record<LegalPageKind, { file: string; variable: string }>;

/** The title of a text that has no first-level heading of its own. */
const DEFAULT_TITLES: Record<LegalPageKind, string> = { privacy: 'Privacy Policy', terms: 'Terms of Service' };

/*
 * markdown-it with raw HTML off: a `<script>` or an `onerror=` in the file is shown as text, never markup.
 * Its link check keeps `javascript:`, `vbscript:`, `file:` and `data:` (but images) out of every href.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** The legal texts from Markdown files (PRIVACY_POLICY_FILE, TERMS_FILE), rendered once, at start. */
export class MarkdownFileLegalTexts extends LegalTexts {
  private readonly texts: Record<LegalPageKind, LegalText>;

  constructor(files: LegalFiles) {
    super();
    this.texts = Object.fromEntries(LEGAL_PAGES.map((kind) => [kind, renderLegalText(kind, readText(files[kind]))])) as Record<
      LegalPageKind,
      LegalText
    >;
  }

  text(kind: LegalPageKind): LegalText {
    return this.texts[kind];
  }
}

/** The file's text. loadEnv has checked each file already (with the full list of problems); this names one that went since. */
function readText({ file, variable }: { file: string; variable: string }): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${variable}: cannot read ${file} (${(error as Error).message})`, { cause: error });
  }
}

/** The text's HTML and its title: its first `# heading`, or the page's usual name placed as one above it. */
export function renderLegalText(kind: LegalPageKind, source: string): LegalText {
  const tokens = markdown.parse(source, {});
  const opening = tokens.findIndex((token) => token.type === 'heading_open' && token.tag === 'h1');
  const heading = opening === -1 ? '' : (tokens[opening + 1]?.children ?? []).map((child) => child.content).join('').trim();
  const html = markdown.renderer.render(tokens, markdown.options, {});
  if (heading) return { title: heading, html };
  const title = DEFAULT_TITLES[kind];
  return { title, html: `<h1>${markdown.utils.escapeHtml(title)}</h1>\n${html}` };
}
