import type { SlotsView } from '@linkbio/shared-contracts';

/** One week of a creator's open sessions, as the booking page shows it, with the dates to page between. */
export interface OpenSlotsWeek extends SlotsView {
  /** The week's first date, in the creator's time zone (never before today). */
  from: string;
  /** Today in the creator's time zone: there is no earlier week to show. */
  today: string;
  /** The last date the creator's horizon reaches: there is no later week to show. */
  lastDate: string;
}

/**
 * The scheduling module's read side, for the visitors' booking page (public-pages): the open sessions of a week.
 * Refuses an unknown creator (404) and one who takes no bookings (400), as GET /api/users/{username}/slots does.
 */
export abstract class OpenSlots {
  /**
   * The 7 dates from `from` (today when absent or earlier), in the creator's time zone, of sessions of the type
   * `type` (absent: the creator's first bookable type); an unknown or switched-off type is a 404.
   */
  abstract week(username: string, from: string | undefined, type?: string): Promise<OpenSlotsWeek>;
}
