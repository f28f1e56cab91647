import { SchedulingMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { DEFAULT_AVAILABILITY } from '../domain/availability.js';
import { InMemoryAvailabilityStore } from '../testing/in-memory-availability.store.js';
import { InMemorySlotHoldStore } from '../testing/in-memory-slot-hold.store.js';
import { SlotReservationService } from './slot-reservation.service.js';
import { InMemoryCalendarBusyTimes } from '../../calendars/testing/in-memory-calendar-busy-times.js';

const CREATOR = 'creator-1';
const MONDAY_10 = new Date('2027-03-08T10:00:00.000Z');

async function world(weekly = [{ day: 1, start: '09:00', end: '17:00' }]) {
  const clock = new FixedClock('2027-03-01T12:00:00.000Z');
  const availability = new InMemoryAvailabilityStore();
  const holds = new InMemorySlotHoldStore();
  await availability.save(CREATOR, { ...DEFAULT_AVAILABILITY, minNoticeHours: 0, weekly });
  let n = 0;
  const service = new SlotReservationService(availability, holds, new InMemoryCalendarBusyTimes());
  const hold = (slotStart: Date | null, visitor = 'visitor-a', minutes: number | null = null) =>
    service.hold({ bookingId: `booking-${(n += 1)}`, creatorId: CREATOR, slotStart, minutes, visitor, now: clock.now() });
  return { clock, holds, service, hold };
}

describe('SlotReservationService', () => {
  it('holds nothing for a creator without weekly hours, and refuses a time for them', async () => {
    const { hold } = await world([]);
    await expect(hold(null)).resolves.toBeNull();
    await expect(hold(MONDAY_10)).rejects.toEqual(aDomainError('invalid', SchedulingMessages.noSetTimes));
  });

  it('holds an offered time for 10 minutes', async () => {
    const { hold, holds } = await world();
    await expect(hold(MONDAY_10)).resolves.toEqual({
      start: MONDAY_10,
      end: new Date('2027-03-08T11:00:00.000Z'),
      expiresAt: new Date('2027-03-01T12:10:00.000Z'),
    });
    expect(holds.statusOf('booking-1')).toBe('held');
  });

  it('refuses a missing or unoffered time', async () => {
    const { hold } = await world();
    await expect(hold(null)).rejects.toEqual(aDomainError('invalid', SchedulingMessages.slotRequired));
    await expect(hold(new Date('2027-03-08T10:30:00.000Z'))).rejects.toEqual(aDomainError('invalid', SchedulingMessages.slotNotOffered));
    await expect(hold(new Date('2027-03-09T10:00:00.000Z'))).rejects.toEqual(aDomainError('invalid', SchedulingMessages.slotNotOffered));
  });

  it('answers a conflict for a time held by someone else, until the hold runs out', async () => {
    const { hold, clock } = await world();
    await hold(MONDAY_10, 'visitor-a');
    await expect(hold(MONDAY_10, 'visitor-b')).rejects.toEqual(aDomainError('conflict', SchedulingMessages.slotTaken));
    clock.advance(10 * 60_000);
    await expect(hold(MONDAY_10, 'visitor-b')).resolves.toMatchObject({ start: MONDAY_10 });
  });

  it('lets one visitor hold at most 3 times at once', async () => {
    const { hold, clock } = await world();
    for (const hour of [9, 10, 11]) await hold(new Date(`2027-03-08T${String(hour).padStart(2, '0')}:00:00.000Z`));
    await expect(hold(new Date('2027-03-08T12:00:00.000Z'))).rejects.toEqual(aDomainError('too_many', SchedulingMessages.tooManyHolds));
    await expect(hold(new Date('2027-03-08T12:00:00.000Z'), 'visitor-b')).resolves.not.toBeNull();
    clock.advance(10 * 60_000);
    await expect(hold(new Date('2027-03-08T13:00:00.000Z'))).resolves.not.toBeNull();
  });

  it('holds a session of the booked type’s length, blocking until its end plus the buffer', async () => {
    const { hold, holds, clock } = await world();
    // 30-minute sessions follow one another every 30 minutes: 10:30 is offered for them, not for hour-long ones.
    await expect(hold(new Date('2027-03-08T10:30:00.000Z'), 'visitor-a', 30)).resolves.toMatchObject({
      end: new Date('2027-03-08T11:00:00.000Z'),
    });
    const busy = await holds.busy(CREATOR, new Date('2027-03-08T00:00:00.000Z'), new Date('2027-03-09T00:00:00.000Z'), clock.now());
    expect(busy).toEqual([{ start: new Date('2027-03-08T10:30:00.000Z'), blockedUntil: new Date('2027-03-08T11:00:00.000Z') }]);
    // A two-hour session at 09:00 would run into it; a 90-minute one ends as it starts.
    await expect(hold(new Date('2027-03-08T09:00:00.000Z'), 'visitor-c', 120)).rejects.toEqual(aDomainError('conflict', SchedulingMessages.slotTaken));
    await expect(hold(new Date('2027-03-08T09:00:00.000Z'), 'visitor-b', 90)).resolves.toMatchObject({ end: new Date('2027-03-08T10:30:00.000Z') });
  });

  it('moves a booked session keeping its length', async () => {
    const { hold, holds, service, clock } = await world();
    await hold(new Date('2027-03-08T09:00:00.000Z'), 'visitor-a', 45);
    await service.keep('booking-1', clock.now());
    await expect(
      service.move({ bookingId: 'booking-1', creatorId: CREATOR, slotStart: new Date('2027-03-08T13:30:00.000Z'), minutes: 45, now: clock.now() }),
    ).resolves.toEqual({ start: new Date('2027-03-08T13:30:00.000Z'), end: new Date('2027-03-08T14:15:00.000Z') });
    const busy = await holds.busy(CREATOR, new Date('2027-03-08T00:00:00.000Z'), new Date('2027-03-09T00:00:00.000Z'), clock.now());
    expect(busy).toEqual([{ start: new Date('2027-03-08T13:30:00.000Z'), blockedUntil: new Date('2027-03-08T14:15:00.000Z') }]);
  });

  it('keeps a paid booking’s time, or says it went to someone else', async () => {
    const { hold, service, clock } = await world();
    await hold(MONDAY_10, 'visitor-a');
    clock.advance(11 * 60_000);
    await hold(MONDAY_10, 'visitor-b');
    await expect(service.keep('booking-1', clock.now())).resolves.toBe(false);
    await expect(service.keep('booking-2', clock.now())).resolves.toBe(true);
    await expect(service.keep('no-such-booking', clock.now())).resolves.toBe(true);
  });
});
