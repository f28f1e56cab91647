import { Injectable } from '@nestjs/common';
import { Messages, PaymentMessages, SessionBookingMessages, type AvailabilityRequest, type AvailabilityView, type SlotsView } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { invalid, notFound } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { DEFAULT_AVAILABILITY, isScheduled, normalizeAvailability, toAvailabilityView } from '../domain/availability.js';
import { computeSlots, windowAround } from '../domain/slots.js';
import { addDays, canonicalZone, localDateOf } from '../domain/time-zone.js';
import { AvailabilityStore } from './ports/availability.store.js';
import type { OpenSlots, OpenSlotsWeek } from './ports/open-slots.js';
import { SlotHoldStore } from './ports/slot-hold.store.js';
import { CalendarBusyTimes } from '../../calendars/application/ports/calendar-busy-times.js';
import { SessionTypeCatalog } from '../../session-types/application/ports/session-type-catalog.js';

export const DEFAULT_SLOT_DAYS = 7;

/** A creator's availability (read and replaced) and the open slots visitors see. */
@Injectable()
export class AvailabilityUseCase implements OpenSlots {
  constructor(
    private readonly store: AvailabilityStore,
    private readonly holds: SlotHoldStore,
    private readonly clock: Clock,
    private readonly calendar: CalendarBusyTimes,
    private readonly catalog: SessionTypeCatalog,
  ) {}

  async view(creatorId: Id): Promise<AvailabilityView> {
    return toAvailabilityView((await this.store.find(creatorId)) ?? DEFAULT_AVAILABILITY);
  }

  async save(creatorId: Id, request: AvailabilityRequest): Promise<AvailabilityView> {
    const availability = normalizeAvailability(request, canonicalZone(request.timeZone));
    await this.store.save(creatorId, availability, this.clock.now());
    return toAvailabilityView(availability);
  }

  /**
   * `from` defaults to today in the creator's time zone, `days` to a week; `type` to the creator's first bookable
   * session type (the one the booking page lists first): the sessions have its length.
   */
  async slots(username: string, query: { from?: string; days?: number; type?: string }): Promise<SlotsView> {
    const { timeZone, sessionMinutes, scheduled, slots } = await this.open(username, query.from, query.days ?? DEFAULT_SLOT_DAYS, false, query.type);
    return { timeZone, sessionMinutes, scheduled, slots };
  }

  week(username: string, from: string | undefined, type?: string): Promise<OpenSlotsWeek> {
    return this.open(username, from, DEFAULT_SLOT_DAYS, true, type);
  }

  /**
   * `from` defaults to today in the creator's time zone; `fromToday`: an earlier `from` is read as today. The
   * sessions last the type's minutes (the availability's session length for a type without its own).
   */
  private async open(username: string, from: string | undefined, days: number, fromToday: boolean, type: string | undefined): Promise<OpenSlotsWeek> {
    const creator = await this.store.findCreator(username);
    if (!creator) throw notFound(Messages.userNotFound);
    if (!creator.takesBookings) throw invalid(PaymentMessages.bookingUnavailable);
    const types = await this.catalog.bookable(creator.id);
    if (types.length === 0) throw invalid(PaymentMessages.bookingUnavailable);
    const chosen = type === undefined ? types[0] : types.find((candidate) => candidate.id === type);
    if (!chosen) throw notFound(SessionBookingMessages.sessionTypeNotFound);
    const saved = (await this.store.find(creator.id)) ?? DEFAULT_AVAILABILITY;
    const availability = { ...saved, sessionMinutes: chosen.minutes ?? saved.sessionMinutes };
    const now = this.clock.now();
    const today = localDateOf(availability.timeZone, now);
    const first = from === undefined || (fromToday && from < today) ? today : from;
    const view = {
      timeZone: availability.timeZone,
      sessionMinutes: availability.sessionMinutes,
      scheduled: isScheduled(availability),
      from: first,
      today,
      lastDate: addDays(today, availability.horizonDays),
    };
    if (!view.scheduled) return { ...view, slots: [] };
    const window = windowAround(availability, first, days, now);
    if (!window) return { ...view, slots: [] };
    const [held, calendarBusy] = await Promise.all([
      this.holds.busy(creator.id, window.from, window.to, now),
      this.calendar.busy(creator.id, window.from, window.to),
    ]);
    const busy = [...held, ...calendarBusy.map((time) => ({ start: time.start, blockedUntil: time.end }))];
    const slots = computeSlots(availability, { from: first, days, now, busy });
    return { ...view, slots: slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })) };
  }
}
