import { reconcile } from './reconcile.js';
import type {
  BookingRecord,
  OurRecords,
  ProviderPayment,
  ProviderRecords,
  ProviderRefund,
  RefundRecord,
} from './records.js';

const AT = new Date('2027-01-18T10:00:00Z');

const booking = (over: Partial<BookingRecord> = {}): BookingRecord => ({
  id: 'b1',
  intentId: 'pi_1',
  amount: 4800,
  userAmount: 4000,
  status: 'paid',
  paidAt: AT,
  earning: 4000,
  reversal: 0,
  ...over,
});
const payment = (over: Partial<ProviderPayment> = {}): ProviderPayment => ({
  intentId: 'pi_1',
  chargeId: 'ch_1',
  amount: 4800,
  currency: 'usd',
  at: AT,
  bookingId: 'b1',
  subscriptionId: null,
  customerId: null,
  ...over,
});
const theirRefund = (over: Partial<ProviderRefund> = {}): ProviderRefund => ({
  id: 're_1',
  intentId: 'pi_1',
  chargeId: 'ch_1',
  amount: 4800,
  currency: 'usd',
  status: 'succeeded',
  at: AT,
  metadata: {},
  ...over,
});
const ourRefund = (over: Partial<RefundRecord> = {}): RefundRecord => ({
  id: 'r1',
  bookingId: 'b1',
  intentId: 'pi_1',
  amount: 4800,
  status: 'succeeded',
  reason: 'cancelled_by_creator',
  providerRefundId: 're_1',
  ...over,
});
const ours = (over: Partial<OurRecords> = {}): OurRecords => ({
  bookings: [],
  refunds: [],
  subscriptions: [],
  ...over,
});
const theirs = (over: Partial<ProviderRecords> = {}): ProviderRecords => ({ payments: [], refunds: [], ...over });
const kinds = (o: OurRecords, t: ProviderRecords) => reconcile(o, t).map((d) => d.kind);

describe('reconcile (our records against the provider’s)', () => {
  it('finds nothing when a paid booking, its earning, its full refund and reversal all match', () => {
    expect(reconcile(ours({ bookings: [booking()] }), theirs({ payments: [payment()] }))).toEqual([]);
    const refunded = booking({ status: 'refunded', reversal: -4000 });
    expect(
      reconcile(
        ours({ bookings: [refunded], refunds: [ourRefund()] }),
        theirs({ payments: [payment()], refunds: [theirRefund()] }),
      ),
    ).toEqual([]);
  });

  describe('payments', () => {
    it('a payment taken for a booking that is not paid here, or that no booking here has', () => {
      const [unpaid] = reconcile(
        ours({ bookings: [booking({ status: 'pending_payment', paidAt: null, earning: null })] }),
        theirs({ payments: [payment()] }),
      );
      expect(unpaid).toMatchObject({
        kind: 'payment_missing_here',
        bookingId: 'b1',
        intentId: 'pi_1',
        theirs: 4800,
        apply: null,
      });
      expect(unpaid!.detail).toContain('pending_payment');
      expect(kinds(ours(), theirs({ payments: [payment()] }))).toEqual(['payment_missing_here']);
      expect(kinds(ours(), theirs({ payments: [payment({ bookingId: null })] }))).toEqual(['payment_missing_here']);
    });

    it('a booking paid here for another amount than the provider took', () => {
      const [found] = reconcile(ours({ bookings: [booking({ amount: 5200 })] }), theirs({ payments: [payment()] }));
      expect(found).toMatchObject({ kind: 'payment_amount_differs', bookingId: 'b1', ours: 5200, theirs: 4800 });
    });

    it('a booking paid here that the provider has no payment for (whatever became of it since)', () => {
      expect(reconcile(ours({ bookings: [booking()] }), theirs())).toEqual([
        expect.objectContaining({ kind: 'payment_missing_at_provider', bookingId: 'b1', intentId: 'pi_1', ours: 4800 }),
      ]);
      expect(kinds(ours({ bookings: [booking({ intentId: null })] }), theirs())).toEqual([
        'payment_missing_at_provider',
      ]);
      // Unpaid here and not taken there: nothing to say.
      expect(kinds(ours({ bookings: [booking({ status: 'failed', paidAt: null, earning: null })] }), theirs())).toEqual(
        [],
      );
    });

    it("Premium: a payment of a subscription known here (local: by its id; Stripe: by the creator's customer) matches", () => {
      const subscription = { id: 'sub_local_1', userId: 'u1', status: 'active', customerId: 'cus_1' };
      const local = payment({ intentId: 'pi_local_s', bookingId: null, subscriptionId: 'sub_local_1', amount: 999 });
      const stripe = payment({ intentId: 'pi_s', bookingId: null, customerId: 'cus_1', amount: 999 });
      expect(kinds(ours({ subscriptions: [subscription] }), theirs({ payments: [local, stripe] }))).toEqual([]);
      expect(kinds(ours(), theirs({ payments: [local, stripe] }))).toEqual([
        'premium_payment_unmatched',
        'premium_payment_unmatched',
      ]);
    });
  });

  describe('the ledger', () => {
    it("a paid booking without its earning, or with another amount than the creator's share", () => {
      expect(reconcile(ours({ bookings: [booking({ earning: null })] }), theirs({ payments: [payment()] }))).toEqual([
        expect.objectContaining({ kind: 'earning_missing', bookingId: 'b1', ours: null, theirs: 4000 }),
      ]);
      expect(reconcile(ours({ bookings: [booking({ earning: 3000 })] }), theirs({ payments: [payment()] }))).toEqual([
        expect.objectContaining({ kind: 'earning_differs', ours: 3000, theirs: 4000 }),
      ]);
    });

    it('no earning is expected of a late payment for a time someone else took', () => {
      const late = booking({ status: 'refunded', earning: null });
      const refund = ourRefund({ reason: 'time_taken' });
      expect(
        kinds(
          ours({ bookings: [late], refunds: [refund] }),
          theirs({ payments: [payment()], refunds: [theirRefund()] }),
        ),
      ).toEqual([]);
    });

    it('refunded in full (by the refunds, whatever the status says): the whole earning reversed; not refunded: none', () => {
      const full = ours({ bookings: [booking({ status: 'cancelled', reversal: 0 })], refunds: [ourRefund()] });
      expect(reconcile(full, theirs({ payments: [payment()], refunds: [theirRefund()] }))).toEqual([
        expect.objectContaining({ kind: 'reversal_differs', ours: 0, theirs: -4000 }),
      ]);
      expect(kinds(ours({ bookings: [booking({ reversal: -4000 })] }), theirs({ payments: [payment()] }))).toEqual([
        'reversal_differs',
      ]);
      // Partly refunded: billing's own rule, not checked here.
      const partial = ours({
        bookings: [booking({ status: 'partially_refunded', reversal: -1234 })],
        refunds: [ourRefund({ amount: 2400 })],
      });
      expect(kinds(partial, theirs({ payments: [payment()], refunds: [theirRefund({ amount: 2400 })] }))).toEqual([]);
    });
  });

  describe('refunds', () => {
    it('a refund made at the provider and not recorded here is missing, to apply', () => {
      const refund = theirRefund({ id: 're_dashboard' });
      const [found] = reconcile(ours({ bookings: [booking()] }), theirs({ payments: [payment()], refunds: [refund] }));
      expect(found).toMatchObject({
        kind: 'refund_missing_here',
        bookingId: 'b1',
        intentId: 'pi_1',
        providerRefundId: 're_dashboard',
        theirs: 4800,
        apply: refund,
      });
    });

    it('a refund the provider made but that failed or was cancelled moved no money: nothing', () => {
      expect(
        kinds(
          ours({ bookings: [booking()] }),
          theirs({
            payments: [payment()],
            refunds: [theirRefund({ status: 'failed' }), theirRefund({ id: 're_2', status: 'canceled' })],
          }),
        ),
      ).toEqual([]);
    });

    it('a refund recorded here with another status: the provider’s final word applied, a refund still pending there only reported', () => {
      const pending = ourRefund({ status: 'pending' });
      const done = theirRefund();
      const bookingDue = booking({ status: 'refund_due', reversal: -4000 });
      const [status] = reconcile(
        ours({ bookings: [bookingDue], refunds: [pending] }),
        theirs({ payments: [payment()], refunds: [done] }),
      );
      expect(status).toMatchObject({ kind: 'refund_status_differs', providerRefundId: 're_1', apply: done });

      const failed = theirRefund({ status: 'failed' });
      const refunded = booking({ status: 'refunded', reversal: -4000 });
      expect(
        reconcile(
          ours({ bookings: [refunded], refunds: [ourRefund()] }),
          theirs({ payments: [payment()], refunds: [failed] }),
        ),
      ).toEqual([expect.objectContaining({ kind: 'refund_status_differs', apply: failed })]);
      expect(
        reconcile(
          ours({ bookings: [refunded], refunds: [ourRefund()] }),
          theirs({ payments: [payment()], refunds: [theirRefund({ status: 'pending' })] }),
        ),
      ).toEqual([expect.objectContaining({ kind: 'refund_status_differs', apply: null })]);
    });

    it('a refund recorded here with another amount is reported, not applied', () => {
      const refunded = booking({ status: 'refunded', reversal: -4000 });
      expect(
        reconcile(
          ours({ bookings: [refunded], refunds: [ourRefund()] }),
          theirs({ payments: [payment()], refunds: [theirRefund({ amount: 4000 })] }),
        ),
      ).toEqual([expect.objectContaining({ kind: 'refund_amount_differs', ours: 4800, theirs: 4000, apply: null })]);
    });

    it('a refund succeeded here that the provider does not have; one only requested here is not a difference', () => {
      const refunded = booking({ status: 'refunded', reversal: -4000 });
      expect(
        reconcile(ours({ bookings: [refunded], refunds: [ourRefund()] }), theirs({ payments: [payment()] })),
      ).toEqual([
        expect.objectContaining({
          kind: 'refund_missing_at_provider',
          bookingId: 'b1',
          providerRefundId: 're_1',
          ours: 4800,
        }),
      ]);
      const due = booking({ status: 'refund_due', reversal: -4000 });
      expect(
        kinds(
          ours({ bookings: [due], refunds: [ourRefund({ status: 'requested', providerRefundId: null })] }),
          theirs({ payments: [payment()] }),
        ),
      ).toEqual([]);
    });

    it('refunds of a provider keeping no refund ids (local) pair with ours on the same payment', () => {
      const refunded = booking({ status: 'refunded', reversal: -4000 });
      const local = theirRefund({ id: null, chargeId: null });
      expect(
        kinds(
          ours({ bookings: [refunded], refunds: [ourRefund({ providerRefundId: 're_local_abc' })] }),
          theirs({ payments: [payment()], refunds: [local] }),
        ),
      ).toEqual([]);
      expect(reconcile(ours({ bookings: [booking()] }), theirs({ payments: [payment()], refunds: [local] }))).toEqual([
        expect.objectContaining({ kind: 'refund_missing_here', providerRefundId: null, apply: local }),
      ]);
    });

    it('two refunds of one payment: each paired by its id, the one missing reported alone', () => {
      const partly = booking({ status: 'partially_refunded', reversal: -1000 });
      const first = ourRefund({ amount: 1200 });
      const refunds = [theirRefund({ amount: 1200 }), theirRefund({ id: 're_2', amount: 1800 })];
      expect(
        reconcile(ours({ bookings: [partly], refunds: [first] }), theirs({ payments: [payment()], refunds })),
      ).toEqual([expect.objectContaining({ kind: 'refund_missing_here', providerRefundId: 're_2', theirs: 1800 })]);
    });

    it('ours and the provider’s refunds under different ids do not pair: one missing on each side', () => {
      const refunded = booking({ status: 'refunded', reversal: -4000 });
      expect(
        kinds(
          ours({ bookings: [refunded], refunds: [ourRefund({ providerRefundId: 're_other' })] }),
          theirs({ payments: [payment()], refunds: [theirRefund()] }),
        ),
      ).toEqual(['refund_missing_here', 'refund_missing_at_provider']);
    });

    it('a refund of a charge named without its intent is placed by the charge', () => {
      const refund = theirRefund({ intentId: null, chargeId: 'ch_1' });
      const refunded = booking({ status: 'refunded', reversal: -4000 });
      expect(
        kinds(
          ours({ bookings: [refunded], refunds: [ourRefund()] }),
          theirs({ payments: [payment()], refunds: [refund] }),
        ),
      ).toEqual([]);
    });
  });

  it('lists the differences in a stable order: by kind, then payment', () => {
    const b2 = booking({ id: 'b2', intentId: 'pi_0' });
    const found = reconcile(
      ours({ bookings: [booking({ earning: null }), b2] }),
      theirs({ payments: [payment({ intentId: 'pi_9', bookingId: null })] }),
    );
    expect(found.map((d) => [d.kind, d.intentId])).toEqual([
      ['payment_missing_here', 'pi_9'],
      ['payment_missing_at_provider', 'pi_0'],
      ['payment_missing_at_provider', 'pi_1'],
      ['earning_missing', 'pi_1'],
    ]);
  });
});
