import { newId, type Id } from '../../../shared/ids.js';
import type { PayoutStore } from '../application/ports/payout.store.js';
import { parseIsoWeek } from '../domain/iso-week.js';
import { openPayout, type Payout, type PayoutDetails } from '../domain/payout.js';

/** What the contract needs besides the store: arranging creators and ledger entries, and reading entries back. */
export interface PayoutStoreHarness {
  store: PayoutStore;
  addCreator(details?: Partial<PayoutDetails> & { username?: string }): Promise<Id>;
  /** A paid booking's ledger entry, created `at`. */
  addEntry(creatorId: Id, amount: number, at: string): Promise<Id>;
  entriesOf(creatorId: Id): Promise<Array<{ id: Id; payoutId: Id | null; paidOutAt: Date | null }>>;
}

const MADE = new Date('2021-03-01T00:00:05.000Z');

/**
 * The behaviour every PayoutStore shares, run against the in-memory fake (unit) and PostgreSQL (integration),
 * so the fake the use-case specs trust stays honest. Assertions look only at the creators each test makes.
 */
export function payoutStoreContract(name: string, harness: () => PayoutStoreHarness) {
  describe(`${name} (PayoutStore contract)`, () => {
    const open = (
      creatorId: Id,
      week: string,
      amount: number,
      details: Partial<PayoutDetails> = { paypalEmail: 'p@example.com' },
    ): Payout =>
      openPayout({
        id: newId(),
        creatorId,
        week: parseIsoWeek(week)!,
        amount,
        details: { paypalEmail: null, cashappHandle: null, emailVerified: true, ...details },
        now: MADE,
      });

    it('keeps one payout per creator per week: a second insert stores nothing', async () => {
      const { store, addCreator } = harness();
      const creator = await addCreator({ paypalEmail: 'p@example.com' });
      const first = open(creator, '2021-W08', 1000);

      expect(await store.insert(first)).toBe(true);
      expect(await store.insert(open(creator, '2021-W08', 2000))).toBe(false);
      expect(await store.insert(open(creator, '2021-W09', 3000))).toBe(true);

      expect(await store.find(first.id)).toEqual(first);
      expect((await store.listForCreator(creator)).map((p) => [p.week, p.amount])).toEqual([
        ['2021-W09', 3000],
        ['2021-W08', 1000],
      ]);
    });

    it('finds entries in no payout made before a time, and assigns them', async () => {
      const { store, addCreator, addEntry, entriesOf } = harness();
      const creator = await addCreator();
      const early = await addEntry(creator, 700, '2021-02-21T23:59:59.999Z');
      const late = await addEntry(creator, 300, '2021-02-22T00:00:00.000Z');
      const before = new Date('2021-02-22T00:00:00.000Z');

      expect(await store.creatorsWithUnassignedEntries(before)).toContain(creator);
      expect(await store.lockUnassignedEntries(creator, before)).toEqual([{ id: early, amount: 700 }]);

      const payout = open(creator, '2021-W07', 700);
      await store.insert(payout);
      await store.assignEntries(payout.id, [early]);

      expect(await store.creatorsWithUnassignedEntries(before)).not.toContain(creator);
      expect(await store.lockUnassignedEntries(creator, new Date('2021-03-01T00:00:00Z'))).toEqual([
        { id: late, amount: 300 },
      ]);
      expect(await entriesOf(creator)).toEqual(
        expect.arrayContaining([
          { id: early, payoutId: payout.id, paidOutAt: null },
          { id: late, payoutId: null, paidOutAt: null },
        ]),
      );

      const paidAt = new Date('2021-03-02T10:00:00.000Z');
      await store.markEntriesPaidOut(payout.id, paidAt);
      expect((await entriesOf(creator)).find((e) => e.id === early)?.paidOutAt).toEqual(paidAt);
      expect((await entriesOf(creator)).find((e) => e.id === late)?.paidOutAt).toBeNull();
    });

    it('reads the creator’s payout details', async () => {
      const { store, addCreator } = harness();
      const creator = await addCreator({ paypalEmail: 'pay@example.com', cashappHandle: 'cash_1' });
      expect(await store.payoutDetailsOf(creator)).toEqual({
        paypalEmail: 'pay@example.com',
        cashappHandle: 'cash_1',
        emailVerified: true,
      });
      const unconfirmed = await addCreator({ paypalEmail: 'pay@example.com', emailVerified: false });
      expect((await store.payoutDetailsOf(unconfirmed))?.emailVerified).toBe(false);
      expect(await store.payoutDetailsOf(newId())).toBeNull();
    });

    it('saves a change only from the expected status', async () => {
      const { store, addCreator } = harness();
      const payout = open(await addCreator(), '2021-W08', 1000);
      await store.insert(payout);
      const later = new Date(MADE.getTime() + 60_000);
      const processing: Payout = { ...payout, status: 'processing', providerBatchId: 'B-1', updatedAt: later };

      expect(await store.update(processing, 'on_hold')).toBe(false);
      expect((await store.find(payout.id))?.status).toBe('pending');
      expect(await store.update(processing, 'pending')).toBe(true);
      expect(await store.find(payout.id)).toEqual(processing);
      expect(await store.lock(payout.id)).toEqual(processing);
      expect(await store.find(newId())).toBeNull();
    });

    it('finds held payouts whose creator has details now, and payouts by status and age', async () => {
      const { store, addCreator } = harness();
      const ready = await addCreator({ cashappHandle: 'ready_cash' });
      const notReady = await addCreator();
      const unconfirmed = await addCreator({ cashappHandle: 'unconfirmed_cash', emailVerified: false });
      const heldReady = open(ready, '2021-W08', 500, {});
      const heldNotReady = open(notReady, '2021-W08', 500, {});
      const heldUnconfirmed = open(unconfirmed, '2021-W08', 500, {});
      await store.insert(heldReady);
      await store.insert(heldNotReady);
      await store.insert(heldUnconfirmed);

      const held = await store.heldWithDetails(10_000);
      expect(held.filter((h) => [heldReady.id, heldNotReady.id, heldUnconfirmed.id].includes(h.payout.id))).toEqual([
        { payout: heldReady, details: { paypalEmail: null, cashappHandle: 'ready_cash', emailVerified: true } },
      ]);

      const mine = (payouts: Payout[]) =>
        payouts.filter((p) => p.id === heldReady.id || p.id === heldNotReady.id).length;
      expect(mine(await store.inStatus('on_hold', { limit: 10_000 }))).toBe(2);
      expect(mine(await store.inStatus('on_hold', { updatedBefore: MADE, limit: 10_000 }))).toBe(0);
      expect(
        mine(await store.inStatus('on_hold', { updatedBefore: new Date(MADE.getTime() + 1), limit: 10_000 })),
      ).toBe(2);
      expect(mine(await store.inStatus('pending', { limit: 10_000 }))).toBe(0);
    });

    it('lists a creator’s own payouts only, and everyone’s for operators with usernames and filters', async () => {
      const { store, addCreator } = harness();
      const username = `lister${Date.now().toString(36)}`;
      const mine = await addCreator({ username, paypalEmail: 'me@example.com' });
      const other = await addCreator({ paypalEmail: 'other@example.com' });
      const a = open(mine, '2021-W10', 100);
      const b = open(mine, '2021-W11', 200);
      const c = open(other, '2021-W11', 300);
      for (const p of [a, b, c]) await store.insert(p);

      expect((await store.listForCreator(mine)).map((p) => p.id)).toEqual([b.id, a.id]);
      const listed = await store.listForOperators({ ids: [a.id, b.id, c.id] });
      expect(listed.map((p) => p.id).sort()).toEqual([a.id, b.id, c.id].sort());
      expect(listed.find((p) => p.id === a.id)).toEqual({ ...a, username });
      expect((await store.listForOperators({ week: '2021-W10', ids: [a.id, b.id, c.id] })).map((p) => p.id)).toEqual([
        a.id,
      ]);
      expect(await store.listForOperators({ status: 'paid', ids: [a.id, b.id, c.id] })).toEqual([]);
      expect(await store.listForOperators({ ids: [] })).toEqual([]);
    });
  });
}
