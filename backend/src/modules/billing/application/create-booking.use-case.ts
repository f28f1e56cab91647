import { Injectable } from '@nestjs/common';
import {
  attributionFromBody,
  checkIntakeAnswers,
  Messages,
  parseIsoInstant,
  PaymentMessages,
  SchedulingMessages,
  type BookingCreatedResponse,
  type BookingRequest,
} from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { CountryLookup } from '../../analytics/application/ports/country-lookup.js';
import { DomainError, invalid, notFound } from '../../../shared/domain-error.js';
import { SlotReservations } from '../../scheduling/application/ports/slot-reservations.js';
import { CouponRedemptions, type CouponQuote } from '../../coupons/application/ports/coupon-redemptions.js';
import { chosenSessionType, SessionTypeCatalog, type BookableSessionType } from '../../session-types/application/ports/session-type-catalog.js';
import { bookedLocationOf } from '../domain/booked-location.js';
import { requestBooking, type BookedAs } from '../domain/booking.js';
import { MeetingRooms } from './ports/meeting-rooms.js';
import { BillingStore } from './ports/billing.store.js';
import { BookingEmailRateLimit, BookingIpRateLimit } from './ports/booking-rate-limits.js';
import { PaymentGateway } from './ports/payment-gateway.js';
import { Transactions } from '../../../shared/transactions.js';

/**
 * A visitor asks for a session: within the booking limits (per client address and per customer e-mail), the
 * booking is stored (pending_payment) with amounts from the creator's stored price and, when the creator has
 * weekly hours, the picked slot held for it in the same transaction (SlotReservations: a time already held or
 * booked is a 409). Then its payment intent is made at the provider (outside the transaction: no network call
 * holds a database transaction open; the provider call is idempotent per booking) and attached. When the
 * provider cannot make the payment, the booking is marked failed and its slot freed (the creator never sees it
 * waiting for a payment that cannot come) and the visitor gets the provider's 503 to try again. A request
 * that replaces the visitor's own earlier one (replacesClientSecret) closes that one and frees its time first.
 * A coupon code (couponCode) is checked against the session's price in the same transaction (a refused code is
 * a 400 with the reason, and nothing is stored), the booking's amounts are those of the discounted price (the fee computed on it),
 * and its use is taken in the booking's transaction (the last use goes to one buyer; someone else's taking it
 * meanwhile is a 400 and nothing is stored). A request closed, replaced or whose payment cannot be made gives
 * its coupon use back.
 *
 * What is booked is one of the creator's session types (sessionTypeId; absent, their only one — with several
 * the visitor must choose): its price is charged, its length held, its questions' answers checked and kept
 * (the questions as asked), and where it meets resolved now and stored (a room made for this booking, the
 * visitor's number for a call), so later edits of the type change no booked session.
 *
 * The booking keeps the visit it came from (the attribution the booking page's address carried, issue 29) and
 * the country of the visitor's address (the address itself is not kept), set here once.
 */
@Injectable()
export class CreateBookingUseCase {
  constructor(
    private readonly store: BillingStore,
    private readonly gateway: PaymentGateway,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly slots: SlotReservations,
    private readonly ipLimit: BookingIpRateLimit,
    private readonly emailLimit: BookingEmailRateLimit,
    private readonly coupons: CouponRedemptions,
    private readonly catalog: SessionTypeCatalog,
    private readonly rooms: MeetingRooms,
    private readonly countries: CountryLookup,
  ) {}

  async execute(username: string, request: BookingRequest, visitor: { ip: string }): Promise<BookingCreatedResponse> {
    await this.countRequest(visitor.ip, request.customerEmail);
    const slotStart = request.slotStart ? parseIsoInstant(request.slotStart) : null;
    const creator = await this.store.findCreatorByUsername(username);
    if (!creator) throw notFound(Messages.userNotFound);
    if (!creator.enableBooking) throw invalid(PaymentMessages.bookingUnavailable);
    const type = await this.sessionType(creator.id, request.sessionTypeId);
    const bookedAs = this.bookedAs(type, request);
    const replaced = request.replacesClientSecret ? await this.replaceable(request.replacesClientSecret, creator.id) : null;
    const now = this.clock.now();
    const price = type.priceCents;
    const attribution = { ...attributionFromBody(request.attribution), country: this.countries.countryOf(visitor.ip) };
    const { booking, coupon } = await this.transactions.run(async () => {
      // The visitor's earlier request, left unpaid for this one: closed, its time (and coupon use) free for them
      // (or anyone) again — before the code is checked, so the use it held can go to this request.
      if (replaced) {
        await this.store.markFailed(replaced.id, replaced.paymentIntentId);
        await this.slots.release(replaced.id);
        await this.coupons.release(replaced.id);
      }
      const coupon = request.couponCode ? await this.quote(creator.id, request.couponCode, price, now) : null;
      const booking = requestBooking(creator.id, coupon?.priceAfterCents ?? price, request, now, bookedAs, attribution);
      const slot = await this.slots.hold({ bookingId: booking.id, creatorId: creator.id, slotStart, minutes: type.minutes, visitor: visitor.ip, now });
      if (slot) Object.assign(booking, { slotStart: slot.start, slotEnd: slot.end, holdExpiresAt: slot.expiresAt });
      await this.store.addBooking(booking);
      if (coupon) {
        const redeemed = await this.coupons.redeem(coupon, booking.id, now);
        if ('refused' in redeemed) throw invalid(redeemed.refused);
      }
      return { booking, coupon };
    });
    const intent = await this.gateway
      .createBookingIntent({
        bookingId: booking.id,
        amount: booking.amount,
        description: `${type.name} with ${creator.displayName} (@${creator.username})`,
        receiptEmail: booking.customerEmail,
        returnPath: `/${creator.username}?booked=true`,
      })
      .catch(async (error: unknown) => {
        await this.transactions.run(async () => {
          await this.store.markFailed(booking.id, null);
          await this.slots.release(booking.id);
          await this.coupons.release(booking.id);
        });
        throw error;
      });
    await this.store.attachIntent(booking.id, intent.intentId);
    return {
      clientSecret: intent.clientSecret,
      amount: booking.amount,
      userAmount: booking.userAmount,
      platformFee: booking.platformFee,
      discountCents: coupon?.discountCents ?? 0,
    };
  }

  /** The type asked for among those the creator offers now; absent, their only one (several: the visitor chooses). */
  private async sessionType(creatorId: string, id: string | undefined): Promise<BookableSessionType> {
    return chosenSessionType(await this.catalog.bookable(creatorId), id);
  }

  /** The answers checked against the type's questions and where the session meets, or the reason (a 400). */
  private bookedAs(type: BookableSessionType, request: BookingRequest): BookedAs {
    const checked = checkIntakeAnswers(type.questions, request.answers ?? []);
    if ('refused' in checked) throw invalid(checked.refused);
    const where = bookedLocationOf(type.location, request.customerPhone ?? null, () => this.rooms.newRoom());
    if ('refused' in where) throw invalid(where.refused);
    // The implicit type of a creator who never added one is no type of its own: booked as before, unnamed.
    return { sessionTypeId: type.id, sessionName: type.id === null ? null : type.name, location: where.location, answers: checked.answers };
  }

  /** The session's price with the visitor's code, or the reason it was refused (a 400). */
  private async quote(creatorId: string, code: string, priceCents: number, now: Date): Promise<CouponQuote> {
    const quote = await this.coupons.quote(creatorId, code, { kind: 'session' }, priceCents, now);
    if ('refused' in quote) throw invalid(quote.refused);
    return quote;
  }

  /**
   * The earlier request `clientSecret` pays for, when it is this creator's and still unpaid: the
   * secret must be its payment's own (the provider says so), which only the visitor who made it holds.
   */
  private async replaceable(clientSecret: string, creatorId: string): Promise<{ id: string; paymentIntentId: string } | null> {
    const earlier = await this.store.findBookingByIntent(clientSecret.split('_secret_')[0]!);
    if (!earlier?.paymentIntentId || earlier.creatorId !== creatorId || !['pending_payment', 'failed'].includes(earlier.status)) return null;
    const intent = await this.gateway.retrieveIntent(earlier.paymentIntentId).catch(() => null);
    return intent?.clientSecret === clientSecret ? { id: earlier.id, paymentIntentId: earlier.paymentIntentId } : null;
  }

  /** One request against both allowances; the longer wait wins. */
  private async countRequest(ip: string, email: string): Promise<void> {
    const waits = await Promise.all([this.ipLimit.consume(ip), this.emailLimit.consume(email.toLowerCase())]);
    const wait = Math.max(...waits.map((seconds) => seconds ?? 0));
    if (wait > 0) throw new DomainError('too_many', SchedulingMessages.tooManyBookings(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
  }
}
