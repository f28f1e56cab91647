import { PayoutMessages } from '@linkbio/shared-contracts';
import { newId } from '../../../shared/ids.js';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { parseIsoWeek } from '../domain/iso-week.js';
import { openPayout, type Payout, type PayoutDetails } from '../domain/payout.js';
import { ImmediateTransactions } from '../../../shared/testing/immediate.transactions.js';
import { InMemoryPayoutStore } from '../testing/in-memory-payout.store.js';
import { MarkPayoutPaidUseCase } from './mark-payout-paid.use-case.js';
import { InMemoryPayoutOutbox } from '../testing/in-memory-payout.outbox.js';
import { PayoutNotices } from './payout-notices.service.js';


const setup = () => {
  const store = new InMemoryPayoutStore();
  const clock = new FixedClock('2026-11-24T09:30:00.000Z');
  const outbox = new InMemoryPayoutOutbox();
  const markPaid = new MarkPayoutPaidUseCase(store, new ImmediateTransactions(), clock, new PayoutNotices(store, outbox));
  const payout = async (
    details: Partial<PayoutDetails> = { cashappHandle: 'cash' },
    status?: Payout['status'],
  ): Promise<Payout> => {
    const creator = store.addCreator(details);
    const entries = [
      store.addEntry(creator.id, 700, '2026-11-17T10:00:00Z'),
      store.addEntry(creator.id, 300, '2026-11-18T10:00:00Z'),
    ];
    const opened = openPayout({
      id: newId(),
      creatorId: creator.id,
      week: parseIsoWeek('2026-W47')!,
      amount: 1000,
      details: { paypalEmail: null, cashappHandle: null, emailVerified: true, ...details },
      now: new Date('2026-11-23T00:00:05Z'),
    });
    await store.insert(opened);
    await store.assignEntries(
      opened.id,
      entries.map((e) => e.id),
    );
    if (status && status !== opened.status) await store.update({ ...opened, status }, opened.status);
    return { ...opened, status: status ?? opened.status };
  };
  return { store, clock, markPaid, payout, outbox };
};

describe('MarkPayoutPaidUseCase', () => {
  it.each(['awaiting_manual', 'processing', 'failed', 'pending'] as const)(
    'marks a %s payout paid with the reference, and its ledger entries paid out',
    async (status) => {
      const { store, clock, markPaid, payout } = setup();
      const p = await payout({ cashappHandle: 'cash' }, status);

      const paid = await markPaid.execute(p.id, '  CashApp #A1B2  ');

      expect(paid).toMatchObject({ id: p.id, status: 'paid', reference: 'CashApp #A1B2', paidAt: clock.now() });
      expect(await store.find(p.id)).toMatchObject({ status: 'paid', reference: 'CashApp #A1B2', paidAt: clock.now() });
      expect(store.entriesOf(p.creatorId).map((e) => e.paidOutAt)).toEqual([clock.now(), clock.now()]);
    },
  );

  it('queues the creator’s paid notice once (amount, weeks, method, masked destination, reference), however often it is marked', async () => {
    const { markPaid, payout, outbox } = setup();
    const p = await payout({ cashappHandle: 'bobcash' }, 'awaiting_manual');

    await markPaid.execute(p.id, 'CashApp #A1B2');
    await expect(markPaid.execute(p.id, 'CashApp #A1B2')).rejects.toThrow();

    expect(outbox.queued.map((e) => e.dedupeKey)).toEqual([`payout:${p.id}:paid`]);
    const [notice] = outbox.queued;
    expect(notice!.subject).toBe('Your payout of $10.00 is paid');
    expect(notice!.text).toContain('Amount: $10.00');
    expect(notice!.text).toContain('Earnings of: 2026-W47 (payout week 2026-W47)');
    expect(notice!.text).toContain('Method: CashApp ($bo***)');
    expect(notice!.text).toContain('Reference: CashApp #A1B2');
    expect(notice!.text).not.toContain('bobcash');
    expect(outbox.deliveries).toBe(1);
  });

  it('answers 409 the second time, keeping the first reference', async () => {
    const { store, markPaid, payout } = setup();
    const p = await payout();
    await markPaid.execute(p.id, 'first');

    await expect(markPaid.execute(p.id, 'second')).rejects.toEqual(
      aDomainError('conflict', PayoutMessages.alreadyPaid),
    );
    expect((await store.find(p.id))?.reference).toBe('first');
  });

  it('refuses a payout on hold: there is nowhere it could have been paid', async () => {
    const { store, markPaid, payout } = setup();
    const p = await payout({});

    await expect(markPaid.execute(p.id, 'ref')).rejects.toEqual(aDomainError('conflict', PayoutMessages.onHold));
    expect((await store.find(p.id))?.status).toBe('on_hold');
  });

  it.each([
    [
      'an unknown id',
      '00000000-0000-4000-8000-000000000000',
      'ref',
      aDomainError('not_found', PayoutMessages.notFound),
    ],
    ['a malformed id', 'nope', 'ref', aDomainError('not_found', PayoutMessages.notFound)],
    ['an empty reference', null, '   ', aDomainError('invalid', PayoutMessages.referenceRequired)],
    ['a reference of 256 characters', null, 'x'.repeat(256), aDomainError('invalid', PayoutMessages.referenceTooLong)],
  ])('refuses %s', async (_, id, reference, error) => {
    const { store, markPaid, payout } = setup();
    const p = await payout();

    await expect(markPaid.execute(id ?? p.id, reference)).rejects.toEqual(error);
    expect((await store.find(p.id))?.status).toBe('pending');
  });

  it('accepts a reference of exactly 255 characters', async () => {
    const { markPaid, payout } = setup();
    const p = await payout();
    expect((await markPaid.execute(p.id, 'é'.repeat(255))).reference).toHaveLength(255);
  });
});
