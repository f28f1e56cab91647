import type { BookedNotice, BookingTimesView, PublicLinkView, PublicSubscribeBlock, PublicUserView } from '@linkbio/shared-contracts';

/*
 * What the backend hands to the server entry for each page. The backend's PublicPageRenderer port declares
 * the same shapes; both are built from the shared PublicUserView and PublicLinkView.
 */

export interface PageContext {
  /** Scheme, host and port the page is served on, without a trailing slash: the base of canonical URLs. */
  origin: string;
}

export interface BioPageInput extends PageContext {
  user: PublicUserView;
  /** Active links only, in display order. */
  links: PublicLinkView[];
  /**
   * The visitor comes back from paying: `?booked=true` a paid booking ('Booking Confirmed!'), `?booked=refunding`
   * a payment that came after the time was taken (it goes back in full).
   */
  booked: BookedNotice | null;
  /** The e-mail list's subscribe block (issue 27), when the creator has it on: a form that works without script. */
  subscribe?: PublicSubscribeBlock | null;
}

export interface BookingPageInput extends PageContext {
  user: PublicUserView;
  /** Null when the creator books without set times (no weekly hours), or takes no bookings. */
  times: BookingTimesView | null;
}

export type NotFoundPageInput = PageContext;

/** /privacy and /terms: the operator's text, as HTML the backend made safe (Markdown with raw HTML shown as text). */
export interface LegalPageInput extends PageContext {
  /** 'privacy' or 'terms': the page's path without its slash. */
  path: string;
  title: string;
  html: string;
}
