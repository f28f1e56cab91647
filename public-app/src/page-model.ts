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
 * What the backend hands to the server entry for each page. The backend's PublicPageRenderer port declares
 * the same shapes; both are built from the shared PublicUserView and PublicLinkView.
 */

export interface PageContext {
  /** Scheme, host and port the page is served on, without a trailing slash: the base of canonical URLs. */
  origin: string;
}

/** A page that carries a visit's attribution on (issue 29): in its links, or with its checkout. */
interface CarriesAttribution {
  /** The visit's attribution (its campaign parameters, else the referring host); null or absent: none. */
  attribution?: Attribution | null;
}

export interface BioPageInput extends PageContext, CarriesAttribution {
  user: PublicUserView;
  /** Active links only, in display order. */
  links: PublicLinkView[];
  /**
   * The visitor comes back from paying: `?booked=true` a paid booking ('Booking Confirmed!'), `?booked=refunding`
   * a payment that came after the time was taken (it goes back in full).
   */
  booked: BookedNotice | null;
  /** The 'Support me' block (issue 27), shown when enabled; null or absent: none. */
  tips?: PublicTipsView | null;
  /** The products that can be sold, in their order (issue 27); absent: none. */
  products?: PublicProductView[];
  /** The e-mail list's subscribe block (issue 27), when the creator has it on: a form that works without script. */
  subscribe?: PublicSubscribeBlock | null;
}

/** /{username}/products/{productId} (issue 27). */
export interface ProductPageInput extends PageContext, CarriesAttribution {
  user: PublicUserView;
  product: PublicProductView;
  /** The creator's e-mail list is on: the checkout offers "Join my e-mail list". */
  offersList?: boolean;
}

export interface BookingPageInput extends PageContext, CarriesAttribution {
  user: PublicUserView;
  /**
   * Null when the creator books without set times (no weekly hours), or takes no bookings, or has several
   * session types and none is chosen yet (`?type=`): the times are those of `sessionTypeId`'s length.
   */
  times: BookingTimesView | null;
  /** The creator's e-mail list is on: the checkout offers "Join my e-mail list". */
  offersList?: boolean;
  /** The session types a visitor may book, in order (one for a creator who never added any); absent: none. */
  sessionTypes?: PublicSessionType[];
  /** The type chosen (`?type=`, or the only one); null: the page first asks which type. */
  sessionTypeId?: string | null;
}

/** /tip/{username}?amount=500: the tip form (issue 27). */
export interface TipPageInput extends PageContext, CarriesAttribution {
  user: PublicUserView;
  tips: PublicTipsView;
  /** The amount picked on the bio page, in cents, or null. */
  amountCents: number | null;
  /** The creator's e-mail list is on: the checkout offers "Join my e-mail list". */
  offersList?: boolean;
}

export type NotFoundPageInput = PageContext;

/** /privacy and /terms: the operator's text, as HTML the backend made safe (Markdown with raw HTML shown as text). */
export interface LegalPageInput extends PageContext {
  /** 'privacy' or 'terms': the page's path without its slash. */
  path: string;
  title: string;
  html: string;
}
