import type { Id } from '../../../shared/ids.js';
import type { SlotHold, SlotHoldStore } from '../application/ports/slot-hold.store.js';

export interface SlotHoldStoreWorld {
  /** Two creators the holds may belong to. */
  creators: [Id, Id];
  /** Runs `work` in one transaction of the store (a failed take must leave the store usable afterwards). */
  inTransaction<T>(work: (store: SlotHoldStore) => Promise<T>): Promise<T>;
  newId(): Id;
}

const NOW = new Date('2027-03-01T12:00:00.000Z');
const at = (time: string) => new Date(`2027-03-08T${time}:00.000Z`);
const MINUTE = 60_000;

/** What every SlotHoldStore does: run against the in-memory fake and against PostgreSQL. */
export function describeSlotHoldStoreContract(name: string, setup: () => Promise<SlotHoldStoreWorld>): void {
  describe(`SlotHoldStore contract: ${name}`, () => {
    let world: SlotHoldStoreWorld;
    // Holders of this test only (a store may keep other tests' rows).
    let visitorA: string;
    let visitorB: string;
    const hold = (over: Partial<SlotHold> = {}): SlotHold => ({
      id: world.newId(),
      creatorId: world.creators[0],
      start: at('10:00'),
      end: at('11:00'),
      blockedUntil: at('11:15'),
      holder: visitorA,
      expiresAt: new Date(NOW.getTime() + 10 * MINUTE),
      ...over,
    });
    const take = (h: SlotHold, now = NOW) => world.inTransaction((store) => store.take(h, now));
    const keep = (id: Id, now = NOW) => world.inTransaction((store) => store.keep(id, now));
    const busy = (creator: Id, now = NOW) => world.inTransaction((store) => store.busy(creator, at('00:00'), at('23:59'), now));

    beforeEach(async () => {
      world = await setup();
      visitorA = `a-${world.newId()}`;
      visitorB = `b-${world.newId()}`;
    });

    it('takes a free time once: an overlapping hold (buffer included) is refused, a touching one and another creator’s are not', async () => {
      expect(await take(hold())).toBe(true);
      expect(await take(hold({ start: at('11:00'), end: at('12:00'), blockedUntil: at('12:00') }))).toBe(false); // inside the buffer
      expect(await take(hold({ start: at('09:30'), end: at('10:30'), blockedUntil: at('10:30') }))).toBe(false);
      expect(await take(hold({ start: at('11:15'), end: at('12:15'), blockedUntil: at('12:15') }))).toBe(true);
      expect(await take(hold({ creatorId: world.creators[1] }))).toBe(true);
      expect((await busy(world.creators[0])).map((b) => b.start.toISOString()).sort()).toEqual([at('10:00').toISOString(), at('11:15').toISOString()]);
    });

    it('a hold past its expiry blocks nothing: it is released when another visitor takes the time', async () => {
      const first = hold();
      await take(first);
      const later = new Date(first.expiresAt.getTime() + MINUTE);
      expect(await busy(world.creators[0], later)).toEqual([]);
      expect(await take(hold({ holder: visitorB, expiresAt: new Date(later.getTime() + 10 * MINUTE) }), later)).toBe(true);
      expect(await keep(first.id, later)).toBe('taken');
    });

    it('counts a visitor’s live holds only', async () => {
      const expired = hold({ start: at('08:00'), end: at('09:00'), blockedUntil: at('09:00'), expiresAt: new Date(NOW.getTime() - MINUTE) });
      await take(expired, new Date(NOW.getTime() - 11 * MINUTE));
      await take(hold());
      const released = hold({ start: at('13:00'), end: at('14:00'), blockedUntil: at('14:00') });
      await take(released);
      await world.inTransaction((store) => store.release(released.id));
      await take(hold({ holder: visitorB, start: at('15:00'), end: at('16:00'), blockedUntil: at('16:00') }));
      expect(await world.inTransaction((store) => store.countLive(visitorA, NOW))).toBe(1);
    });

    it('keeps a paid hold: in time, or late while the time is still free; says none for a booking without one', async () => {
      const inTime = hold();
      await take(inTime);
      expect(await keep(inTime.id)).toBe('kept');
      expect(await keep(inTime.id)).toBe('kept');
      const late = hold({ start: at('14:00'), end: at('15:00'), blockedUntil: at('15:00') });
      await take(late);
      const after = new Date(late.expiresAt.getTime() + MINUTE);
      // Every store's expired holds are released (at least this one).
      expect(await world.inTransaction((store) => store.releaseExpired(after))).toBeGreaterThanOrEqual(1);
      expect(await busy(world.creators[0], after)).toEqual([expect.objectContaining({ start: at('10:00') })]);
      expect(await keep(late.id, after)).toBe('kept');
      expect(await take(hold({ start: at('14:00'), end: at('15:00'), blockedUntil: at('15:00') }), after)).toBe(false);
      expect(await keep(world.newId())).toBe('none');
    });

    it('frees released and expired holds, and leaves booked ones', async () => {
      const booked = hold();
      await take(booked);
      await keep(booked.id);
      const waiting = hold({ start: at('12:00'), end: at('13:00'), blockedUntil: at('13:00') });
      await take(waiting);
      await world.inTransaction((store) => store.release(booked.id));
      const after = new Date(waiting.expiresAt.getTime() + MINUTE);
      expect(await world.inTransaction((store) => store.releaseExpired(after))).toBeGreaterThanOrEqual(1);
      expect((await busy(world.creators[0], after)).map((b) => b.start.toISOString())).toEqual([at('10:00').toISOString()]);
    });

    it('frees a cancelled booking’s time, booked or held, for the next visitor', async () => {
      const booked = hold();
      await take(booked);
      await keep(booked.id);
      await world.inTransaction((store) => store.cancel(booked.id));
      expect(await busy(world.creators[0])).toEqual([]);
      expect(await take(hold({ holder: visitorB }))).toBe(true);
    });

    it('moves a booked time in place: refused onto a taken time or for a booking not booked; the old time is free', async () => {
      const booked = hold();
      await take(booked);
      await keep(booked.id);
      const other = hold({ holder: visitorB, start: at('14:00'), end: at('15:00'), blockedUntil: at('15:00') });
      await take(other);
      const move = (id: Id, start: string, end: string, now = NOW) =>
        world.inTransaction((store) => store.move(id, { start: at(start), end: at(end), blockedUntil: at(end) }, now));
      expect(await move(booked.id, '14:30', '15:30')).toBe(false);
      expect(await move(other.id, '17:00', '18:00')).toBe(false); // held, not booked
      expect(await move(world.newId(), '17:00', '18:00')).toBe(false);
      expect(await move(booked.id, '16:00', '17:00')).toBe(true);
      expect((await busy(world.creators[0])).map((b) => b.start.toISOString()).sort()).toEqual([at('14:00').toISOString(), at('16:00').toISOString()]);
      // Onto a hold past its expiry: that hold is released.
      const later = new Date(other.expiresAt.getTime() + MINUTE);
      expect(await move(booked.id, '14:00', '15:00', later)).toBe(true);
      expect(await take(hold({ start: at('16:00'), end: at('17:00'), blockedUntil: at('17:00') }), later)).toBe(true);
      expect(await keep(other.id, later)).toBe('taken');
    });
  });
}
