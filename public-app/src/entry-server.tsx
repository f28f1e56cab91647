import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { BioPageInput, BookingPageInput, LegalPageInput, NotFoundPageInput, ProductPageInput, TipPageInput } from './page-model';
import { BioPage } from './pages/bio-page';
import { BookingPage, type ClientScript } from './pages/booking-page';
import { LegalPage } from './pages/legal-page';
import { LinkNotFoundPage, ProductNotFoundPage, UnavailablePage, UserNotFoundPage } from './pages/not-found-page';
import { ProductPage } from './pages/product-page';
import { TipPage } from './pages/tip-page';
import productCss from './styles/product.css?inline';
import bookingCss from './styles/booking.css?inline';
import legalCss from './styles/legal.css?inline';
import publicCss from './styles/public.css?inline';

/*
 * The server entry the backend imports (dist/server/entry-server.js). Each function returns a whole HTML
 * document; React escapes every creator-supplied text and attribute. The backend keeps each render per page
 * version, so a creator's change shows on the next request.
 */

export type { BioPageInput, BookingPageInput, LegalPageInput, NotFoundPageInput, ProductPageInput, TipPageInput } from './page-model';

const DOCTYPE = '<!DOCTYPE html>';
/** Vite's `base` (vite.config.ts): '/p/'. */
const PUBLIC_BASE = import.meta.env.BASE_URL;
const CLIENT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'client');

/** The client build's hashed files, to serve under `clientAssetsPath` with a long cache. */
export const clientAssetsDirectory = join(CLIENT_DIR, 'assets');
export const clientAssetsPath = `${PUBLIC_BASE}assets/`;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** An entry's module and the chunks it imports, from a client build's manifest. */
function scriptOf(manifestName: string, key: string): ClientScript {
  const manifestFile = join(CLIENT_DIR, '.vite', manifestName);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[key];
  if (!entry) throw new Error(`${key} is missing from ${manifestFile}: rebuild the public app.`);
  const preload = (entry.imports ?? [])
    .map((chunk) => manifest[chunk]?.file)
    .filter((file): file is string => Boolean(file));
  return { src: `${PUBLIC_BASE}${entry.file}`, preload: preload.map((file) => `${PUBLIC_BASE}${file}`) };
}

/** The booking page's module and the chunks it imports. */
const bookingScript = (): ClientScript => scriptOf('manifest.json', 'src/entry-booking.tsx');

/**
 * A checkout island's module and the chunks it imports (the islands' own build, vite.config.ts): 'product' for
 * the product page (mounting on <div id="checkout-root" data-checkout="{JSON}">), 'tip' for the tip page.
 */
export const islandScript = (island: 'product' | 'tip'): ClientScript =>
  scriptOf('islands-manifest.json', `src/entry-${island}.tsx`);

/** The embeds' click-to-load script (entry-embeds.ts, no imports), for bio pages with an embed. */
function embedsScript(): string {
  const manifestFile = join(CLIENT_DIR, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest['src/entry-embeds.ts'];
  if (!entry) throw new Error(`The embeds entry is missing from ${manifestFile}: rebuild the public app.`);
  return `${PUBLIC_BASE}${entry.file}`;
}

/** The subscribe block's script (entry-subscribe.ts, no imports), for bio pages with the block. */
function subscribeScript(): string {
  const manifestFile = join(CLIENT_DIR, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest['src/entry-subscribe.ts'];
  if (!entry) throw new Error(`The subscribe entry is missing from ${manifestFile}: rebuild the public app.`);
  return `${PUBLIC_BASE}${entry.file}`;
}

const BOOKING_SCRIPT = bookingScript();
const TIP_SCRIPT = islandScript('tip');
const PRODUCT_SCRIPT = islandScript('product');
/** The island uses the booking page's form classes. */
const PRODUCT_CSS = publicCss + bookingCss + productCss;
const EMBEDS_SCRIPT = embedsScript();
const SUBSCRIBE_SCRIPT = subscribeScript();
const BOOKING_CSS = publicCss + bookingCss;

/** /{username}: static markup only, nothing to hydrate. */
export function renderBioPage(input: BioPageInput): string {
  const script = input.links.some((link) => link.kind === 'embed') ? EMBEDS_SCRIPT : undefined;
  const subscribe = input.subscribe ? SUBSCRIBE_SCRIPT : undefined;
  return DOCTYPE + renderToStaticMarkup(<BioPage {...input} css={publicCss} embedsScript={script} subscribeScript={subscribe} />);
}

/** /book/{username}: rendered with hydration markers, since the booking steps hydrate in the browser. */
export function renderBookingPage(input: BookingPageInput): string {
  return DOCTYPE + renderToString(<BookingPage {...input} css={BOOKING_CSS} script={BOOKING_SCRIPT} />);
}

/** /tip/{username}: rendered with hydration markers, since the tip form hydrates in the browser. */
export function renderTipPage(input: TipPageInput): string {
  return DOCTYPE + renderToString(<TipPage {...input} css={BOOKING_CSS} script={TIP_SCRIPT} />);
}

/** /{username}/products/{productId}: static markup and the checkout island's mount point (issue 27). */
export function renderProductPage(input: ProductPageInput): string {
  return DOCTYPE + renderToStaticMarkup(<ProductPage {...input} css={PRODUCT_CSS} script={PRODUCT_SCRIPT} />);
}

/** 404 for a product that is hidden, deleted, someone else's or unknown. */
export function renderProductNotFoundPage(_input: NotFoundPageInput): string {
  return DOCTYPE + renderToStaticMarkup(<ProductNotFoundPage css={publicCss} />);
}

/** 404 for an unknown username, on /{username} and /book/{username}. */
export function renderUserNotFoundPage(_input: NotFoundPageInput): string {
  return DOCTYPE + renderToStaticMarkup(<UserNotFoundPage css={publicCss} />);
}

/** 404 for /go/{id} of a link that is off, deleted or unknown. */
export function renderLinkNotFoundPage(_input: NotFoundPageInput): string {
  return DOCTYPE + renderToStaticMarkup(<LinkNotFoundPage css={publicCss} />);
}

/** 503 for a page that cannot be read right now (the database is away and the page is not kept). */
export function renderUnavailablePage(_input: NotFoundPageInput): string {
  return DOCTYPE + renderToStaticMarkup(<UnavailablePage css={publicCss} />);
}

const LEGAL_CSS = publicCss + legalCss;

/** /privacy and /terms: static markup of the operator's text (HTML the backend made from Markdown, raw HTML off). */
export function renderLegalPage(input: LegalPageInput): string {
  return DOCTYPE + renderToStaticMarkup(<LegalPage {...input} css={LEGAL_CSS} />);
}
