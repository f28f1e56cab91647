import { Injectable } from '@nestjs/common';
import { LIVE_HOLDS_PER_VISITOR, SchedulingMessages, SLOT_HOLD_MINUTES } from '@linkbio/shared-contracts';
import { conflict, DomainError, invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { DEFAULT_AVAILABILITY, isScheduled, type Availability } from '../domain/availability.js';
import { blockedUntil, offeredSlot, type Slot } from '../domain/slots.js';
import { AvailabilityStore } from './ports/availability.store.js';
import { SlotHoldStore } from './ports/slot-hold.store.js';
import { SlotReservations, type HeldSlot } from './ports/slot-reservations.js';
import { CalendarBusyTimes } from '../../calendars/application/ports/calendar-busy-times.js';

/** SlotReservations over the creator's availability and the slot holds. */
@Injectable()
export class SlotReservationService extends SlotReservations {
  constructor(
    private readonly availability: AvailabilityStore,
    private readonly holds: SlotHoldStore,
    private readonly calendar: CalendarBusyTimes,
  ) {
    super();
  }

  /**
   * The slot when the creator's hours offer it and their own calendar is not busy then (else null). `availability`
   * carries the booking's length as its session length: sessions of that length are the ones offered.
   */
  private async offered(creatorId: Id, availability: Availability, start: Date, now: Date): Promise<Slot | null> {
    const slot = offeredSlot(availability, start, now);
    if (!slot) return null;
    const busy = await this.calendar.busy(creatorId, slot.start, blockedUntil(availability, slot.start));
    return busy.length === 0 ? slot : null;
  }

  /** The creator's availability with `minutes` (null: its own session length) as the session length. */
  private async lasting(creatorId: Id, minutes: number | null): Promise<Availability | null> {
    const availability = await this.availability.find(creatorId);
    return availability && { ...availability, sessionMinutes: minutes ?? availability.sessionMinutes };
  }

  async move(request: { bookingId: Id; creatorId: Id; slotStart: Date; minutes: number; now: Date }): Promise<{ start: Date; end: Date }> {
    const availability = await this.lasting(request.creatorId, request.minutes);
    if (!availability || !isScheduled(availability)) throw invalid(SchedulingMessages.noSetTimes);
    const slot = await this.offered(request.creatorId, availability, request.slotStart, request.now);
    if (!slot) throw invalid(SchedulingMessages.slotNotOffered);
    const moved = await this.holds.move(request.bookingId, { ...slot, blockedUntil: blockedUntil(availability, slot.start) }, request.now);
    if (!moved) throw conflict(SchedulingMessages.slotTaken);
    return slot;
  }

  async hold(request: { bookingId: Id; creatorId: Id; slotStart: Date | null; minutes: number | null; visitor: string; now: Date }): Promise<HeldSlot | null> {
    const availability = await this.lasting(request.creatorId, request.minutes);
    if (!availability || !isScheduled(availability)) {
      if (request.slotStart) throw invalid(SchedulingMessages.noSetTimes);
      return null;
    }
    if (!request.slotStart) throw invalid(SchedulingMessages.slotRequired);
    const slot = await this.offered(request.creatorId, availability, request.slotStart, request.now);
    if (!slot) throw invalid(SchedulingMessages.slotNotOffered);
    if ((await this.holds.countLive(request.visitor, request.now)) >= LIVE_HOLDS_PER_VISITOR) {
      throw new DomainError('too_many', SchedulingMessages.tooManyHolds, { retryAfterSeconds: SLOT_HOLD_MINUTES * 60 });
    }
    const expiresAt = new Date(request.now.getTime() + SLOT_HOLD_MINUTES * 60_000);
    const taken = await this.holds.take(
      {
        id: request.bookingId,
        creatorId: request.creatorId,
        start: slot.start,
        end: slot.end,
        blockedUntil: blockedUntil(availability, slot.start),
        holder: request.visitor,
        expiresAt,
      },
      request.now,
    );
    if (!taken) throw conflict(SchedulingMessages.slotTaken);
    return { ...slot, expiresAt };
  }

  async keep(bookingId: Id, now: Date): Promise<boolean> {
    return (await this.holds.keep(bookingId, now)) !== 'taken';
  }

  release(bookingId: Id): Promise<void> {
    return this.holds.release(bookingId);
  }

  cancel(bookingId: Id): Promise<void> {
    return this.holds.cancel(bookingId);
  }

  releaseExpired(now: Date): Promise<number> {
    return this.holds.releaseExpired(now);
  }

  async timeZoneOf(creatorId: Id): Promise<string> {
    return (await this.availability.find(creatorId))?.timeZone ?? 'UTC';
  }

  async cancellationHoursOf(creatorId: Id): Promise<number> {
    return (await this.availability.find(creatorId))?.cancellationHours ?? DEFAULT_AVAILABILITY.cancellationHours;
  }
}
