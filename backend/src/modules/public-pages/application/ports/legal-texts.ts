/** The legal pages the product serves, each at `/{kind}`. */
export const LEGAL_PAGES = ['privacy', 'terms'] as const;
export type LegalPageKind = (typeof LEGAL_PAGES)[number];

/** A legal text ready to show: its title (the text's first heading) and its body as safe HTML. */
export interface LegalText {
  title: string;
  /** HTML made from the operator's Markdown with raw HTML shown as text: safe to place in the page as it is. */
  html: string;
}

/**
 * The privacy policy and the terms of service, as the operator wrote them. Read once when the API starts:
 * a text that cannot be read stops the start, so a visitor never meets a broken legal page.
 */
export abstract class LegalTexts {
  abstract text(kind: LegalPageKind): LegalText;
}
