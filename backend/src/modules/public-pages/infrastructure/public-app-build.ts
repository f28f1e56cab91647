import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Logger } from '@nestjs/common';
import type { BioPageModel, BookingPageModel, LegalPageModel, PageContext, ProductPageModel, TipPageModel } from '../application/ports/public-page.renderer.js';

/** What public-app/dist/server/entry-server.js exports (public-app/src/entry-server.tsx). */
export interface PublicAppBuild {
  renderBioPage(page: BioPageModel): string;
  renderBookingPage(page: BookingPageModel): string;
  renderTipPage(page: TipPageModel): string;
  renderProductPage(page: ProductPageModel): string;
  renderProductNotFoundPage(page: PageContext): string;
  renderUserNotFoundPage(page: PageContext): string;
  renderLinkNotFoundPage(page: PageContext): string;
  renderUnavailablePage(page: PageContext): string;
  renderLegalPage(page: LegalPageModel): string;
  /** The client build's hashed files… */
  clientAssetsDirectory: string;
  /** …and the path they are served under ('/p/assets/'). */
  clientAssetsPath: string;
}

const RENDER_FUNCTIONS = [
  'renderBioPage',
  'renderBookingPage',
  'renderTipPage',
  'renderUserNotFoundPage',
  'renderLinkNotFoundPage',
  'renderUnavailablePage',
  'renderLegalPage',
  'renderProductPage',
  'renderProductNotFoundPage',
] as const;

/**
 * Imports the public app's server entry from its build folder (`npm run build` makes it). Without a build
 * the API still starts, with a warning, as it does without the dashboard's build.
 */
export async function loadPublicAppBuild(distDir: string): Promise<PublicAppBuild | null> {
  const entry = join(distDir, 'server', 'entry-server.js');
  if (!existsSync(entry)) {
    new Logger('Web').warn(
      `No public app build in ${distDir}: run \`npm run build\` to serve the bio and booking pages.`,
    );
    return null;
  }
  const build = (await import(pathToFileURL(entry).href)) as Partial<PublicAppBuild>;
  const missing = RENDER_FUNCTIONS.filter((name) => typeof build[name] !== 'function');
  if (
    missing.length > 0 ||
    typeof build.clientAssetsDirectory !== 'string' ||
    typeof build.clientAssetsPath !== 'string'
  ) {
    throw new Error(
      `${entry} is not the public app's server entry (missing ${missing.join(', ') || 'its assets'}): rebuild it.`,
    );
  }
  return build as PublicAppBuild;
}
