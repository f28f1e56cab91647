import { PayoutMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { parseIsoWeek } from './iso-week.js';
import { destinationFor, dispatched, formatCents, markedPaid, openPayout, released, type Payout } from './payout.js';

const NOW = new Date('2026-11-23T00:00:05Z');
const LATER = new Date('2026-11-23T01:00:00Z');
const week = parseIsoWeek('2026-W47')!;
const payout = (overrides: Partial<Payout> = {}): Payout => ({
  ...openPayout({
    id: 'p1',
    creatorId: 'c1',
    week,
    amount: 2550,
    details: { paypalEmail: 'pay@example.com', cashappHandle: null, emailVerified: true },
    now: NOW,
  }),
  ...overrides,
});

describe('Payout', () => {
  describe('where it goes', () => {
    it.each([
      [
        { paypalEmail: 'pay@example.com', cashappHandle: 'cash' },
        { method: 'paypal', destination: 'pay@example.com' },
      ],
      [
        { paypalEmail: null, cashappHandle: 'cash' },
        { method: 'cashapp', destination: 'cash' },
      ],
      [
        { paypalEmail: '  ', cashappHandle: 'cash' },
        { method: 'cashapp', destination: 'cash' },
      ],
      [{ paypalEmail: null, cashappHandle: null }, null],
      [null, null],
    ])('%j → %j (PayPal, else CashApp, else on hold)', (details, expected) => {
      expect(destinationFor(details)).toEqual(expected);
    });
  });

  it('opens pending for a creator with payout details, covering the week up to its end', () => {
    expect(payout()).toEqual({
      id: 'p1',
      creatorId: 'c1',
      week: '2026-W47',
      periodEnd: new Date('2026-11-23T00:00:00Z'),
      amount: 2550,
      currency: 'usd',
      method: 'paypal',
      destination: 'pay@example.com',
      status: 'pending',
      providerBatchId: null,
      reference: null,
      failureReason: null,
      createdAt: NOW,
      updatedAt: NOW,
      paidAt: null,
    });
  });

  it('opens on hold, with no method, for a creator without details', () => {
    const held = openPayout({
      id: 'p1',
      creatorId: 'c1',
      week,
      amount: 100,
      details: { paypalEmail: null, cashappHandle: null, emailVerified: true },
      now: NOW,
    });
    expect(held).toMatchObject({ status: 'on_hold', method: null, destination: null });
  });

  it('opens on hold, with no method, for a creator whose e-mail address is not confirmed yet', () => {
    const held = openPayout({
      id: 'p1',
      creatorId: 'c1',
      week,
      amount: 100,
      details: { paypalEmail: 'pay@example.com', cashappHandle: 'cash', emailVerified: false },
      now: NOW,
    });
    expect(held).toMatchObject({ status: 'on_hold', method: null, destination: null });
  });

  it('refuses an amount that is not a positive whole number of cents', () => {
    for (const amount of [0, -1, 12.5, Number.NaN]) {
      expect(() => openPayout({ id: 'p1', creatorId: 'c1', week, amount, details: null, now: NOW })).toThrow(
        RangeError,
      );
    }
  });

  it('is released from hold once the creator has details and a confirmed e-mail address, and not before', () => {
    const held = payout({ status: 'on_hold', method: null, destination: null });
    expect(released(held, { paypalEmail: null, cashappHandle: null, emailVerified: true }, LATER)).toBeNull();
    expect(released(held, { paypalEmail: null, cashappHandle: 'cash', emailVerified: false }, LATER)).toBeNull();
    expect(released(held, { paypalEmail: null, cashappHandle: 'cash', emailVerified: true }, LATER)).toMatchObject({
      status: 'pending',
      method: 'cashapp',
      destination: 'cash',
      updatedAt: LATER,
    });
    expect(
      released(payout(), { paypalEmail: 'x@example.com', cashappHandle: null, emailVerified: true }, LATER),
    ).toBeNull();
  });

  it('takes the provider’s answer', () => {
    expect(dispatched(payout(), { status: 'processing', providerBatchId: 'B1' }, LATER)).toMatchObject({
      status: 'processing',
      providerBatchId: 'B1',
    });
    expect(dispatched(payout(), { status: 'paid', providerBatchId: 'B1' }, LATER)).toMatchObject({
      status: 'paid',
      paidAt: LATER,
    });
    expect(dispatched(payout(), { status: 'awaiting_manual' }, LATER)).toMatchObject({ status: 'awaiting_manual' });
    expect(dispatched(payout(), { status: 'failed', reason: 'x'.repeat(600) }, LATER).failureReason).toHaveLength(500);
    const processing = payout({ status: 'processing', providerBatchId: 'B1' });
    expect(dispatched(processing, { status: 'processing', providerBatchId: 'B1' }, LATER)).toBe(processing);
  });

  describe('marked paid by an operator', () => {
    it.each(['pending', 'processing', 'awaiting_manual', 'failed'] as const)(
      'from %s, with the reference and the time',
      (status) => {
        expect(markedPaid(payout({ status }), 'PP-123', LATER)).toMatchObject({
          status: 'paid',
          reference: 'PP-123',
          paidAt: LATER,
          updatedAt: LATER,
        });
      },
    );

    it('not twice, and not while on hold', () => {
      expect(() => markedPaid(payout({ status: 'paid', paidAt: NOW }), 'again', LATER)).toThrow(
        aDomainError('conflict', PayoutMessages.alreadyPaid),
      );
      expect(() => markedPaid(payout({ status: 'on_hold', method: null }), 'ref', LATER)).toThrow(
        aDomainError('conflict', PayoutMessages.onHold),
      );
    });
  });

  it('formats cents as dollars for people', () => {
    expect([formatCents(0), formatCents(5), formatCents(1234), formatCents(123456789)]).toEqual([
      '$0.00',
      '$0.05',
      '$12.34',
      '$1,234,567.89',
    ]);
  });
});
