import type { BookingTimesView, PublicSessionType } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import type { OpenSlots } from '../../scheduling/application/ports/open-slots.js';
import { toPublicSessionType, type BookableSessionType, type SessionTypeCatalog } from '../../session-types/application/ports/session-type-catalog.js';
import type { PublicPage } from '../domain/public-page.js';
import { bookingTimesOf, queryValue } from './booking-times.js';

/** What the booking page offers: the session types, the one chosen, and that type's week of times. */
export interface BookingPageChoice {
  sessionTypes: PublicSessionType[];
  sessionTypeId: string | null;
  times: BookingTimesView | null;
}

const isStored = (type: BookableSessionType): type is BookableSessionType & { id: Id; minutes: number } =>
  type.id !== null && type.minutes !== null;

/**
 * `/book/{username}?type={id}`: the creator's session types as a visitor may see them before paying (where each
 * meets by kind only, never its address), the type chosen — `?type=` when it is one of them, else the only
 * one, else none yet (the page first asks which) — and the chosen type's times (none while no type is chosen).
 * A creator who never added a type has none listed and books as before: the times are of their session length.
 */
export async function bookingPageChoice(
  catalog: SessionTypeCatalog,
  openSlots: OpenSlots,
  page: PublicPage,
  url: string,
  acceptLanguage?: string | string[],
): Promise<BookingPageChoice> {
  const types = page.user.enableBooking ? await catalog.bookable(page.ownerId) : [];
  if (types.length === 0) return { sessionTypes: [], sessionTypeId: null, times: null };
  const sessionTypes = types.filter(isStored).map((type) => toPublicSessionType(type, type.minutes));
  const asked = queryValue(url, 'type');
  const chosen = sessionTypes.find((type) => type.id === asked)?.id ?? (sessionTypes.length === 1 ? sessionTypes[0]!.id : null);
  if (chosen === null && sessionTypes.length > 1) return { sessionTypes, sessionTypeId: null, times: null };
  const times = await bookingTimesOf(openSlots, page, url, acceptLanguage, chosen ?? undefined);
  return { sessionTypes, sessionTypeId: chosen, times };
}
