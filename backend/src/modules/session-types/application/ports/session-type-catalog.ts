import { PaymentMessages, SessionBookingMessages, type IntakeQuestion, type PublicSessionType, type SessionLocation } from '@linkbio/shared-contracts';
import { invalid, notFound } from '../../../../shared/domain-error.js';
import type { Id } from '../../../../shared/ids.js';

/** A kind of session a visitor can book now, as booking, slots and the booking page read it. */
export interface BookableSessionType {
  /** Null for the creator's implicit type: no type stored, so their booking price and session length. */
  id: Id | null;
  name: string;
  /** Null: the session length of the creator's availability (the implicit type). */
  minutes: number | null;
  priceCents: number;
  description: string;
  /** Null: not set (the creator tells each visitor where to meet). */
  location: SessionLocation | null;
  questions: IntakeQuestion[];
}

/**
 * The session-types module's port for the modules that offer, schedule and charge sessions (scheduling,
 * billing, public-pages). They never read the session_types table or import the module's use cases.
 */
export abstract class SessionTypeCatalog {
  /**
   * The creator's switched-on types in their order. A creator with no type stored has one implicit type (named
   * "Session", their booking price and their availability's session length) when they have a booking price;
   * otherwise (and when every stored type is off) the list is empty.
   */
  abstract bookable(creatorId: Id): Promise<BookableSessionType[]>;
}

/** The type as the booking page shows it before payment: where it meets by kind only, never the address. */
export const toPublicSessionType = (type: BookableSessionType & { id: Id }, minutes: number): PublicSessionType => ({
  id: type.id,
  name: type.name,
  minutes: type.minutes ?? minutes,
  priceCents: type.priceCents,
  description: type.description,
  locationKind: type.location?.kind ?? null,
  questions: type.questions.map((question) => ({ ...question, choices: question.choices ? [...question.choices] : undefined })),
});

/**
 * The type a visitor books (or prices a coupon for) among the creator's bookable ones: `id` when given (404 when
 * it is not one of them), else their only one; with several the visitor must choose (400), with none the creator
 * takes no bookings (400).
 */
export function chosenSessionType(types: readonly BookableSessionType[], id: Id | undefined): BookableSessionType {
  if (types.length === 0) throw invalid(PaymentMessages.bookingUnavailable);
  if (id === undefined) {
    if (types.length > 1) throw invalid(SessionBookingMessages.chooseSessionType);
    return types[0]!;
  }
  const type = types.find((candidate) => candidate.id === id);
  if (!type) throw notFound(SessionBookingMessages.sessionTypeNotFound);
  return type;
}
