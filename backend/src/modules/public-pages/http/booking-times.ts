import { canonicalTimeZone, DEFAULT_LOCALE, firstAcceptedLocale, isCalendarDate, type BookingTimesView } from '@linkbio/shared-contracts';
import { DomainError } from '../../../shared/domain-error.js';
import type { OpenSlots } from '../../scheduling/application/ports/open-slots.js';
import type { PublicPage } from '../domain/public-page.js';

/** The one value of a query parameter, or undefined when absent or given more than once. */
function single(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name);
  return values.length === 1 ? values[0] : undefined;
}

/** The page address's query (`/book/maya?from=…` → from=…). */
export function queryOf(url: string): URLSearchParams {
  const mark = url.indexOf('?');
  return new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1));
}

/** The one value of `name` in the page address's query, or undefined when absent or given more than once. */
export const queryValue = (url: string, name: string): string | undefined => single(queryOf(url), name);

/**
 * The booking page's time step for `/book/{username}?from=YYYY-MM-DD&tz=Area/City`: the week from `from` (today
 * when absent, earlier or not a date) shown in `tz` (the creator's zone when absent or unknown), of sessions of
 * the session type `type` (absent: the creator's first). Null when the creator books without set times or takes
 * no bookings (the page then shows the details step first, or says bookings are closed). The times are first
 * written in the locale of `acceptLanguage`'s first well-formed tag (en-US without one); the page's script then
 * writes them in the browser's own.
 */
export async function bookingTimesOf(
  openSlots: OpenSlots,
  page: PublicPage,
  url: string,
  acceptLanguage?: string | string[],
  type?: string,
): Promise<BookingTimesView | null> {
  // Whether the creator offers any session is the session types' to say (bookingPageChoice).
  if (!page.user.enableBooking) return null;
  const query = queryOf(url);
  const from = single(query, 'from');
  const zone = canonicalTimeZone(single(query, 'tz'));
  try {
    const week = await openSlots.week(page.user.username, isCalendarDate(from) ? from : undefined, type);
    if (!week.scheduled) return null;
    return {
      creatorZone: week.timeZone,
      shownZone: zone ?? week.timeZone,
      zoneChosen: zone !== null,
      sessionMinutes: week.sessionMinutes,
      slots: week.slots,
      from: week.from,
      today: week.today,
      lastDate: week.lastDate,
      locale: firstAcceptedLocale(acceptLanguage) ?? DEFAULT_LOCALE,
    };
  } catch (error) {
    // The page's read model is a moment behind the creator's settings: booking was switched off meanwhile.
    if (error instanceof DomainError && (error.kind === 'invalid' || error.kind === 'not_found')) return null;
    throw error;
  }
}
