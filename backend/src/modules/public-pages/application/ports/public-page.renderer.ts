import type {
  Attribution,
  BookedNotice,
  BookingTimesView,
  PublicLinkView,
  PublicProductView,
  PublicSessionType,
  PublicSubscribeBlock,
  PublicTipsView,
  PublicUserView,
} from '@linkbio/shared-contracts';

/*
 * The visitors' pages as whole HTML documents. The models are what public-app's server entry takes
 * (public-app/src/page-model.ts): the public view of the creator, never the account.
 */

export interface PageContext {
  /** Scheme, host and port without a trailing slash: the base of canonical and OpenGraph URLs. */
  origin: string;
}

/** A page that carries a visit's attribution on (issue 29): in its links, or with its checkout. */
interface CarriesAttribution {
  /** The visit's attribution (its campaign parameters, else the referring host); null or absent: none. */
  attribution?: Attribution | null;
}

export interface BioPageModel extends PageContext, CarriesAttribution {
  user: PublicUserView;
  /** Active links only, in display order. */
  links: PublicLinkView[];
  /** `?booked=true`: the 'Booking Confirmed!' banner; `?booked=refunding`: the time was taken, the payment goes back. */
  booked: BookedNotice | null;
  /** The 'Support me' block (issue 27): shown when enabled. */
  tips: PublicTipsView | null;
  /** The products that can be sold, in their order (issue 27). */
  products: PublicProductView[];
  /** The e-mail list's subscribe block, when the creator has it on. */
  subscribe?: PublicSubscribeBlock | null;
}

/** /tip/{username}?amount=500: the tip form. */
export interface TipPageModel extends PageContext, CarriesAttribution {
  user: PublicUserView;
  /** The creator's tip settings; not enabled: the page says tips are off. */
  tips: PublicTipsView;
  /** The amount picked on the bio page (`?amount=` in cents), or null. */
  amountCents: number | null;
  /** The creator's e-mail list is on: the checkout offers "Join my e-mail list". */
  offersList: boolean;
}

/** /{username}/products/{productId} (issue 27): one product the creator sells, with the checkout's mount point. */
export interface ProductPageModel extends PageContext, CarriesAttribution {
  user: PublicUserView;
  product: PublicProductView;
  /** The creator's e-mail list is on: the checkout offers "Join my e-mail list". */
  offersList: boolean;
}

export interface BookingPageModel extends PageContext, CarriesAttribution {
  user: PublicUserView;
  /**
   * Null when the creator books without set times (no weekly hours), or takes no bookings, or has several
   * session types and none is chosen yet: the times are those of `sessionTypeId`'s length.
   */
  times: BookingTimesView | null;
  /** The creator's e-mail list is on: the checkout offers "Join my e-mail list". */
  offersList: boolean;
  /** The session types a visitor may book, in order (one for a creator who never added any); absent: none. */
  sessionTypes?: PublicSessionType[];
  /** The type chosen (`?type=`, or the only one); null: the page first asks which type. */
  sessionTypeId?: string | null;
}

/** /privacy and /terms: the operator's text (LegalTexts), already safe HTML. */
export interface LegalPageModel extends PageContext {
  /** The page's own path without its slash: 'privacy' or 'terms'. */
  path: string;
  title: string;
  html: string;
}

export abstract class PublicPageRenderer {
  /** /{username} */
  abstract bioPage(page: BioPageModel): string;
  /** /book/{username} */
  abstract bookingPage(page: BookingPageModel): string;
  /** /tip/{username} */
  abstract tipPage(page: TipPageModel): string;
  /** /{username}/products/{productId} */
  abstract productPage(page: ProductPageModel): string;
  /** A product that is hidden, deleted, someone else's or unknown (answered with 404). */
  abstract productNotFoundPage(page: PageContext): string;
  /** The 'User Not Found' card (answered with 404). */
  abstract userNotFoundPage(page: PageContext): string;
  /** /go/{id} of a link that is off or unknown (answered with 404). */
  abstract linkNotFoundPage(page: PageContext): string;
  /** A page that cannot be read right now (answered with 503 and Retry-After). */
  abstract unavailablePage(page: PageContext): string;
  /** /privacy, /terms */
  abstract legalPage(page: LegalPageModel): string;
}
