import { Logger } from '@nestjs/common';
import { newId } from '../../../shared/ids.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { parseIsoWeek } from '../domain/iso-week.js';
import { openPayout, type Payout, type PayoutDetails } from '../domain/payout.js';
import { FakePayoutGateway } from '../testing/fake-payout.gateway.js';
import { ImmediateTransactions } from '../../../shared/testing/immediate.transactions.js';
import { InMemoryPayoutStore } from '../testing/in-memory-payout.store.js';
import { PayoutGateways } from './ports/payout-gateway.js';
import { SendPayoutUseCase } from './send-payout.use-case.js';
import { InMemoryPayoutOutbox } from '../testing/in-memory-payout.outbox.js';
import { PayoutNotices } from './payout-notices.service.js';


const NOW = '2026-11-23T00:05:00.000Z';

const setup = (options: { paypalConfigured?: boolean } = {}) => {
  const store = new InMemoryPayoutStore();
  const paypal = new FakePayoutGateway();
  const manual = new FakePayoutGateway();
  manual.answer = () => ({ status: 'awaiting_manual' });
  const gateways = new PayoutGateways(options.paypalConfigured === false ? null : paypal, manual);
  const clock = new FixedClock(NOW);
  const outbox = new InMemoryPayoutOutbox();
  const send = new SendPayoutUseCase(store, gateways, new ImmediateTransactions(), clock, new PayoutNotices(store, outbox));

  /** A payout of 2026-W47 for a new creator with these details, with one ledger entry of its amount. */
  const payout = async (details: Partial<PayoutDetails>, amount = 1234): Promise<Payout> => {
    const creator = store.addCreator(details);
    const entry = store.addEntry(creator.id, amount, '2026-11-18T12:00:00Z');
    const made = openPayout({
      id: newId(),
      creatorId: creator.id,
      week: parseIsoWeek('2026-W47')!,
      amount,
      details: { paypalEmail: null, cashappHandle: null, emailVerified: true, ...details },
      now: clock.now(),
    });
    await store.insert(made);
    await store.assignEntries(made.id, [entry.id]);
    return made;
  };
  return { store, paypal, manual, clock, send, payout, outbox };
};

describe('SendPayoutUseCase', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('sends a PayPal payout to PayPal with its id, week, amount in cents and e-mail, and keeps the batch id', async () => {
    const { store, paypal, send, payout } = setup();
    const p = await payout({ paypalEmail: 'alice@example.com' });

    expect(await send.execute(p.id)).toEqual({ payoutId: p.id, status: 'processing', sent: true });

    expect(paypal.orders).toEqual([
      {
        payoutId: p.id,
        week: '2026-W47',
        amount: 1234,
        currency: 'usd',
        method: 'paypal',
        destination: 'alice@example.com',
      },
    ]);
    expect(await store.find(p.id)).toMatchObject({
      status: 'processing',
      providerBatchId: `BATCH-${p.id}`,
      updatedAt: new Date(NOW),
    });
  });

  it('queues the creator’s sent notice once when PayPal accepts the payout; none for the operators’ payouts', async () => {
    const { send, payout, outbox } = setup();
    const p = await payout({ paypalEmail: 'alice@example.com' });
    const manual = await payout({ cashappHandle: 'bob_cash' });

    await send.execute(p.id);
    await send.execute(p.id);
    await send.execute(manual.id);

    expect(outbox.queued.map((e) => e.dedupeKey)).toEqual([`payout:${p.id}:sent`]);
    expect(outbox.queued[0]!.subject).toBe('Your payout of $12.34 is on its way');
    expect(outbox.queued[0]!.text).toContain('Method: PayPal (a***@example.com)');
    expect(outbox.queued[0]!.text).toContain(`Reference: BATCH-${p.id}`);
    expect(outbox.queued[0]!.text).not.toContain('alice@');
  });

  it('leaves CashApp payouts to the operators (awaiting_manual)', async () => {
    const { store, paypal, manual, send, payout } = setup();
    const p = await payout({ cashappHandle: 'bob_cash' });

    expect((await send.execute(p.id)).status).toBe('awaiting_manual');
    expect(paypal.orders).toEqual([]);
    expect(manual.orders.map((o) => o.destination)).toEqual(['bob_cash']);
    expect((await store.find(p.id))?.status).toBe('awaiting_manual');
  });

  it('leaves PayPal payouts to the operators too when PayPal is not configured', async () => {
    const { store, manual, send, payout } = setup({ paypalConfigured: false });
    const p = await payout({ paypalEmail: 'alice@example.com' });

    await send.execute(p.id);

    expect(manual.orders.map((o) => o.method)).toEqual(['paypal']);
    expect((await store.find(p.id))?.status).toBe('awaiting_manual');
  });

  it('does nothing for a payout that is not pending, or not there (a repeated job)', async () => {
    const { paypal, send, payout } = setup();
    const p = await payout({ paypalEmail: 'alice@example.com' });
    await send.execute(p.id);

    expect(await send.execute(p.id)).toEqual({ payoutId: p.id, status: 'processing', sent: false });
    const held = await payout({});
    expect(await send.execute(held.id)).toEqual({ payoutId: held.id, status: 'on_hold', sent: false });
    expect(await send.execute('00000000-0000-4000-8000-000000000000')).toEqual({
      payoutId: '00000000-0000-4000-8000-000000000000',
      status: null,
      sent: false,
    });
    expect(await send.execute('not-an-id')).toEqual({ payoutId: 'not-an-id', status: null, sent: false });
    expect(paypal.orders).toHaveLength(1);
  });

  it('throws when the provider is unreachable, leaving the payout pending for the retry', async () => {
    const { store, paypal, send, payout } = setup();
    const p = await payout({ paypalEmail: 'alice@example.com' });
    paypal.error = new Error('PayPal unreachable');

    await expect(send.execute(p.id)).rejects.toThrow('PayPal unreachable');
    expect((await store.find(p.id))?.status).toBe('pending');

    paypal.error = null;
    expect((await send.execute(p.id)).status).toBe('processing');
  });

  it('records a refusal as failed with the provider’s reason', async () => {
    const { store, paypal, send, payout } = setup();
    const p = await payout({ paypalEmail: 'alice@example.com' });
    paypal.answer = () => ({ status: 'failed', reason: 'PayPal refused the payout (422 RECEIVER_UNREGISTERED)' });

    expect((await send.execute(p.id)).status).toBe('failed');
    expect(await store.find(p.id)).toMatchObject({
      status: 'failed',
      failureReason: 'PayPal refused the payout (422 RECEIVER_UNREGISTERED)',
    });
  });

  it('marks the payout and its ledger entries paid when PayPal completes it at once', async () => {
    const { store, paypal, send, payout } = setup();
    const p = await payout({ paypalEmail: 'alice@example.com' });
    paypal.answer = () => ({ status: 'paid', providerBatchId: 'B-1' });

    await send.execute(p.id);

    expect(await store.find(p.id)).toMatchObject({ status: 'paid', paidAt: new Date(NOW), providerBatchId: 'B-1' });
    expect(store.entriesOf(p.creatorId).map((e) => e.paidOutAt)).toEqual([new Date(NOW)]);
  });

  it('keeps what an operator did while PayPal was being called', async () => {
    const { store, paypal, clock, send, payout } = setup();
    const p = await payout({ paypalEmail: 'alice@example.com' });
    paypal.answer = () => {
      const paidByHand = { ...p, status: 'paid' as const, reference: 'by hand', paidAt: clock.now() };
      void store.update(paidByHand, 'pending');
      return { status: 'processing', providerBatchId: 'B-2' };
    };

    expect(await send.execute(p.id)).toEqual({ payoutId: p.id, status: 'paid', sent: true });
    expect(await store.find(p.id)).toMatchObject({ status: 'paid', reference: 'by hand', providerBatchId: null });
  });
});
