import {
  PublicPageRenderer,
  type BioPageModel,
  type BookingPageModel,
  type LegalPageModel,
  type PageContext,
  type TipPageModel,
  type ProductPageModel,
} from '../application/ports/public-page.renderer.js';
import type { PublicAppBuild } from './public-app-build.js';

/**
 * Renders with React on the server, through the public app's built server entry. Renders are kept by the
 * caller (PublicPageResponder), per page version. Without a build, every page fails (logged, answered 500).
 */
export class ReactSsrPublicPageRenderer extends PublicPageRenderer {
  constructor(private readonly build: PublicAppBuild | null) {
    super();
  }

  private get app(): PublicAppBuild {
    if (!this.build) throw new Error('The public app is not built: run `npm run build` to serve the public pages.');
    return this.build;
  }

  bioPage(page: BioPageModel): string {
    return this.app.renderBioPage(page);
  }

  bookingPage(page: BookingPageModel): string {
    return this.app.renderBookingPage(page);
  }

  tipPage(page: TipPageModel): string {
    return this.app.renderTipPage(page);
  }

  productPage(page: ProductPageModel): string {
    return this.app.renderProductPage(page);
  }

  productNotFoundPage(page: PageContext): string {
    return this.app.renderProductNotFoundPage(page);
  }

  userNotFoundPage(page: PageContext): string {
    return this.app.renderUserNotFoundPage(page);
  }

  linkNotFoundPage(page: PageContext): string {
    return this.app.renderLinkNotFoundPage(page);
  }

  unavailablePage(page: PageContext): string {
    return this.app.renderUnavailablePage(page);
  }

  legalPage(page: LegalPageModel): string {
    return this.app.renderLegalPage(page);
  }
}
