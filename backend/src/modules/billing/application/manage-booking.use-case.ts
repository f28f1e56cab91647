import { Injectable } from '@nestjs/common';
import {
  canonicalLocale,
  canonicalTimeZone,
  parseIsoInstant,
  PaymentMessages,
  SchedulingMessages,
  type BookingRescheduleRequest,
  type ManagedBookingView,
} from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { conflict, DomainError, invalid, notFound } from '../../../shared/domain-error.js';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import { SenderAddress } from '../../../shared/email/sender-address.js';
import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { Transactions } from '../../../shared/transactions.js';
import { hashSecretToken } from '../../../shared/secret-link.js';
import { SlotReservations } from '../../scheduling/application/ports/slot-reservations.js';
import { bookedMinutes, timedOrNull, type Booking, type TimedBooking } from '../domain/booking.js';
import { movedBookingEmails, visitorCancelledEmails, type BookingMailContext } from './booking-emails.js';
import { BillingStore, type Creator } from './ports/billing.store.js';
import { BookingManageStore } from './ports/booking-manage.store.js';
import { BookingLinkRateLimit } from './ports/booking-rate-limits.js';
import { RefundBookingUseCase } from './refund-booking.use-case.js';
import { RefundEffects } from './refund-effects.service.js';

const HOUR = 3_600_000;

/** Cancelling at `now` is refunded: it is before the start less the creator's cancellation window. */
const refundedAt = (booking: TimedBooking, cancellationHours: number, now: Date): boolean =>
  now.getTime() < booking.slotStart.getTime() - cancellationHours * HOUR;

/**
 * The visitor's private link to their paid session at a set time (`/booking/{token}`, from the receipt e-mail;
 * only the token's hash is stored). Through it they see the session, cancel it — refunded in full outside the
 * creator's cancellation window (as a creator's cancellation is), inside it cancelled without a refund, the
 * earning kept — or move it once to another open time (the slot hold moved in place, so a taken time is a 409).
 * Each change is decided under the booking's row lock, tells both sides with the invite's next version (same
 * UID, SEQUENCE one higher), and changes nothing when refused. Lookups count against the client address, so
 * tokens cannot be guessed at speed.
 */
@Injectable()
export class ManageBookingUseCase {
  constructor(
    private readonly manage: BookingManageStore,
    private readonly store: BillingStore,
    private readonly slots: SlotReservations,
    private readonly effects: RefundEffects,
    private readonly refunds: RefundBookingUseCase,
    private readonly transactions: Transactions,
    private readonly outbox: EmailOutboxRelay,
    private readonly clock: Clock,
    private readonly limit: BookingLinkRateLimit,
    private readonly sender: SenderAddress,
  ) {}

  async view(token: string, visitor: { ip: string }): Promise<ManagedBookingView> {
    const tokenHash = await this.lookup(token, visitor);
    return this.describe(this.timed(await this.manage.findByTokenHash(tokenHash)));
  }

  async cancel(token: string, visitor: { ip: string }): Promise<ManagedBookingView> {
    const tokenHash = await this.lookup(token, visitor);
    const now = this.clock.now();
    const decided = await this.transactions.run(async () => {
      const booking = this.timed(await this.manage.lockByTokenHash(tokenHash));
      this.refuseChange(booking, now);
      const refunded = refundedAt(booking, await this.slots.cancellationHoursOf(booking.creatorId), now);
      let cancelled: Booking;
      if (refunded) {
        await this.effects.decide(booking, 'cancelled_by_visitor', now);
        cancelled = (await this.store.findBooking(booking.id))!;
      } else {
        cancelled = (await this.manage.markCancelled(booking.id, now))!;
        await this.slots.cancel(booking.id);
      }
      await this.tell(cancelled, now, (creator, context) => visitorCancelledEmails(cancelled, creator, context, refunded));
      return { id: booking.id, refunded };
    });
    // The provider is asked after the decision commits (RefundBookingUseCase's rule); it sends what is queued.
    if (decided.refunded) await this.refunds.attempt(decided.id);
    else await this.outbox.deliverPending();
    return this.describe(this.timed(await this.manage.findByTokenHash(tokenHash)));
  }

  async reschedule(token: string, request: BookingRescheduleRequest, visitor: { ip: string }): Promise<ManagedBookingView> {
    const { slotStart } = request;
    const reading = { timeZone: canonicalTimeZone(request.timeZone), locale: canonicalLocale(request.locale) };
    const tokenHash = await this.lookup(token, visitor);
    const start = parseIsoInstant(slotStart);
    if (!start) throw invalid(SchedulingMessages.slotStart);
    const now = this.clock.now();
    await this.transactions.run(async () => {
      const booking = this.timed(await this.manage.lockByTokenHash(tokenHash));
      this.refuseChange(booking, now);
      if (booking.rescheduledAt) throw conflict(PaymentMessages.alreadyMoved);
      if (start.getTime() === booking.slotStart.getTime()) throw invalid(SchedulingMessages.slotNotOffered);
      // The session keeps the length it was booked with, whatever its type says now.
      const slot = await this.slots.move({ bookingId: booking.id, creatorId: booking.creatorId, slotStart: start, minutes: bookedMinutes(booking), now });
      const moved = (await this.manage.markMoved(booking.id, slot, now, reading))!;
      const previous = { start: booking.slotStart, end: booking.slotEnd };
      await this.tell(moved, now, (creator, context) => movedBookingEmails(moved, creator, context, previous));
    });
    await this.outbox.deliverPending();
    return this.describe(this.timed(await this.manage.findByTokenHash(tokenHash)));
  }

  /** The token's hash, after counting the lookup against the client address; a malformed token matches nothing. */
  private async lookup(token: string, visitor: { ip: string }): Promise<string> {
    const wait = await this.limit.consume(visitor.ip);
    if (wait !== null) throw new DomainError('too_many', SchedulingMessages.tooManyBookings(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
    const tokenHash = hashSecretToken(token);
    if (!tokenHash) throw notFound(PaymentMessages.manageLinkInvalid);
    return tokenHash;
  }

  private timed(booking: Booking | null): TimedBooking {
    const timed = booking && timedOrNull(booking);
    if (!timed) throw notFound(PaymentMessages.manageLinkInvalid);
    return timed;
  }

  /** Only a paid session that has not started can be cancelled or moved (not one refunded in part at the provider). */
  private refuseChange(booking: TimedBooking, now: Date): void {
    if (['cancelled', 'refund_due', 'refunded', 'refund_failed'].includes(booking.status)) throw conflict(PaymentMessages.alreadyCancelled);
    if (booking.status !== 'paid') throw conflict(PaymentMessages.notManageable);
    if (booking.slotStart.getTime() <= now.getTime()) throw conflict(PaymentMessages.sessionPast);
  }

  /** Queues the e-mails about the change, told in the creator's time zone (and the visitor's, to the visitor). */
  private async tell(booking: Booking, now: Date, emails: (creator: Creator, context: BookingMailContext) => OutgoingEmail[]): Promise<void> {
    const creator = await this.store.findCreator(booking.creatorId);
    if (!creator) return;
    const timeZone = await this.slots.timeZoneOf(creator.id);
    for (const email of emails(creator, { timeZone, sender: this.sender.address, now })) await this.store.enqueueEmail(email, now);
  }

  private async describe(booking: TimedBooking): Promise<ManagedBookingView> {
    const now = this.clock.now();
    const [creator, timeZone, cancellationHours] = await Promise.all([
      this.store.findCreator(booking.creatorId),
      this.slots.timeZoneOf(booking.creatorId),
      this.slots.cancellationHoursOf(booking.creatorId),
    ]);
    if (!creator) throw notFound(PaymentMessages.manageLinkInvalid);
    const open = booking.status === 'paid' && booking.slotStart.getTime() > now.getTime();
    return {
      creator: { username: creator.username, displayName: creator.displayName },
      slotStart: booking.slotStart.toISOString(),
      slotEnd: booking.slotEnd.toISOString(),
      timeZone,
      visitorTimeZone: booking.visitorTimeZone,
      amount: booking.amount,
      status: booking.status,
      cancellationHours,
      refundOnCancel: open && refundedAt(booking, cancellationHours, now),
      canCancel: open,
      canReschedule: open && !booking.rescheduledAt,
      sessionName: booking.sessionName,
      location: booking.location,
    };
  }
}
