import { Logger, type LoggerService } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { PrometheusMetrics } from '../../../shared/metrics/prometheus.metrics.js';
import type { QueueJob } from '../../../shared/queues/job-processor.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import type { BookingRecord, ProviderPayment, ProviderRefund } from '../domain/records.js';
import { parseUtcDay } from '../domain/utc-day.js';
import { ReconcilePaymentsProcessor } from '../jobs/reconcile-payments.processor.js';
import { InMemoryPaymentRecords } from '../testing/in-memory-payment-records.js';
import { InMemoryProviderLedger } from '../testing/in-memory-provider-ledger.js';
import { InMemoryReconciliationReports } from '../testing/in-memory-reconciliation-reports.js';
import { RecordingEventIntake } from '../testing/recording-event-intake.js';
import { ReconcileDayUseCase } from './reconcile-day.use-case.js';
import { ReconciliationMetrics } from './reconciliation-metrics.js';

const DAY = parseUtcDay('2027-01-18')!;
const AT = new Date('2027-01-18T10:00:00Z');
const YESTERDAY = new Date('2027-01-17T23:59:00Z');

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
const refund = (over: Partial<ProviderRefund> = {}): ProviderRefund => ({
  id: 're_1',
  intentId: 'pi_1',
  chargeId: 'ch_1',
  amount: 4800,
  currency: 'usd',
  status: 'succeeded',
  at: AT,
  metadata: { bookingId: 'b1' },
  ...over,
});

function setup(provider: 'stripe' | 'local' = 'stripe') {
  const ledger = new InMemoryProviderLedger(provider);
  const records = new InMemoryPaymentRecords();
  const reports = new InMemoryReconciliationReports();
  const metrics = new PrometheusMetrics();
  const clock = new FixedClock('2027-01-19T04:15:00Z');
  // Billing applying a provider refund: the booking refunded, its refund recorded, the earning reversed.
  const intake = new RecordingEventIntake((event) => {
    const object = event.data.object as { id: string; amount: number; payment_intent: string };
    const paid = records.bookings.find((b) => b.intentId === object.payment_intent);
    if (!paid) return 'unapplied';
    Object.assign(paid, { status: 'refunded', reversal: -(paid.earning ?? 0) });
    records.refunds.push({
      id: `r-${object.id}`,
      bookingId: paid.id,
      intentId: paid.intentId,
      amount: object.amount,
      status: 'succeeded',
      reason: 'at_provider',
      providerRefundId: object.id,
      changedAt: AT,
    });
    return 'applied';
  });
  const useCase = new ReconcileDayUseCase(
    ledger,
    records,
    intake,
    reports,
    new ReconciliationMetrics(metrics, reports),
    clock,
  );
  const scraped = async (name: string, labels: Record<string, string> = {}) =>
    (await metrics.registry.getSingleMetric(name)!.get()).values
      .filter((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))
      .reduce((sum, v) => sum + v.value, 0);
  return { ledger, records, reports, intake, useCase, clock, scraped };
}

/** What the use case logs, kept (and nothing printed). */
const logged: { warn: unknown[]; error: unknown[] } = { warn: [], error: [] };
const capture: LoggerService = {
  log: () => undefined,
  warn: (message: unknown) => void logged.warn.push(message),
  error: (message: unknown) => void logged.error.push(message),
};
beforeAll(() => Logger.overrideLogger(capture));
beforeEach(() => {
  logged.warn.length = 0;
  logged.error.length = 0;
});

describe('ReconcileDayUseCase', () => {
  it('hands a refund the provider made and billing never recorded over as its refund.updated event, once; the next run finds nothing', async () => {
    const { ledger, records, reports, intake, useCase, scraped } = setup();
    records.bookings.push(booking());
    ledger.records.payments.push(payment());
    ledger.records.refunds.push(refund());

    const run = await useCase.execute(DAY, 'schedule');
    expect(run).toMatchObject({ day: '2027-01-18', provider: 'stripe', trigger: 'schedule', found: 1, remaining: 0 });
    expect(run.differences).toEqual([
      expect.objectContaining({ kind: 'refund_missing_here', providerRefundId: 're_1', resolution: 'applied' }),
    ]);
    const created = Math.floor(AT.getTime() / 1000);
    expect(intake.events).toEqual([
      {
        provider: 'stripe',
        event: {
          id: 'reconcile_re_1',
          type: 'refund.updated',
          created,
          data: {
            object: {
              id: 're_1',
              object: 'refund',
              amount: 4800,
              currency: 'usd',
              status: 'succeeded',
              payment_intent: 'pi_1',
              charge: 'ch_1',
              created,
              metadata: { bookingId: 'b1' },
            },
          },
        },
      },
    ]);
    expect(reports.runs).toHaveLength(1);
    // A log line per difference: its kind, ids and amounts.
    expect(logged.warn).toEqual([
      expect.objectContaining({
        msg: 'reconciliation difference',
        day: '2027-01-18',
        provider: 'stripe',
        kind: 'refund_missing_here',
        bookingId: 'b1',
        intentId: 'pi_1',
        providerRefundId: 're_1',
        theirs: 4800,
        resolution: 'applied',
      }),
    ]);
    expect(await scraped('linkbio_reconciliation_differences_total', { kind: 'refund_missing_here' })).toBe(1);
    expect(await scraped('linkbio_reconciliation_refunds_applied_total', { outcome: 'applied' })).toBe(1);

    expect(await useCase.execute(DAY, 'operator')).toMatchObject({ found: 0, remaining: 0 });
    expect(intake.events).toHaveLength(1);
    expect(await scraped('linkbio_reconciliation_last_run_differences')).toBe(0);
  });

  it("the local provider's refund (no id of its own) gets one made from its payment, the same on every run", async () => {
    const { ledger, records, intake, useCase } = setup('local');
    records.bookings.push(booking({ intentId: 'pi_local_abc' }));
    ledger.records.payments.push(payment({ intentId: 'pi_local_abc', chargeId: null }));
    ledger.records.refunds.push(refund({ id: null, intentId: 'pi_local_abc', chargeId: null }));

    const run = await useCase.execute(DAY, 'schedule');
    expect(run.differences).toEqual([
      expect.objectContaining({
        kind: 'refund_missing_here',
        providerRefundId: 're_local_reconciled_abc',
        resolution: 'applied',
      }),
    ]);
    expect(
      intake.events.map(({ event, provider }) => [event.id, (event.data.object as { id: string }).id, provider]),
    ).toEqual([['reconcile_re_local_reconciled_abc', 're_local_reconciled_abc', 'local']]);
    expect((await useCase.execute(DAY, 'schedule')).found).toBe(0);
  });

  it("compares records across the day's edge: each side's payments are looked up on the other side by intent", async () => {
    const { ledger, records, useCase } = setup();
    // Paid yesterday, refunded at the provider today (recorded here today too).
    records.bookings.push(
      booking({ id: 'b-old', intentId: 'pi_old', paidAt: YESTERDAY, status: 'refunded', reversal: -4000 }),
    );
    records.refunds.push({
      id: 'r-old',
      bookingId: 'b-old',
      intentId: 'pi_old',
      amount: 4800,
      status: 'succeeded',
      reason: 'cancelled_by_creator',
      providerRefundId: 're_old',
      changedAt: AT,
    });
    ledger.records.payments.push(payment({ intentId: 'pi_old', bookingId: 'b-old', at: YESTERDAY }));
    ledger.records.refunds.push(refund({ id: 're_old', intentId: 'pi_old' }));
    // Taken by the provider just before midnight, marked paid here just after.
    records.bookings.push(booking({ id: 'b-edge', intentId: 'pi_edge' }));
    ledger.records.payments.push(payment({ intentId: 'pi_edge', bookingId: 'b-edge', at: YESTERDAY }));

    const run = await useCase.execute(DAY, 'schedule');
    expect(run).toMatchObject({ found: 0, compared: { payments: 2, refunds: 1, bookings: 2, ourRefunds: 1 } });
    expect(ledger.asked).toEqual([['pi_old', 'pi_edge']]);
  });

  it('a refund billing could not apply, or whose application failed, remains; the run is stored and counted all the same', async () => {
    const { ledger, records, intake, reports, useCase, scraped } = setup();
    ledger.records.refunds.push(refund({ id: 're_premium', intentId: 'pi_premium' }));
    records.bookings.push(booking());
    ledger.records.payments.push(payment());
    ledger.records.refunds.push(refund());
    intake.failure = new Error('database away');

    const run = await useCase.execute(DAY, 'schedule');
    expect(run.differences.map((d) => [d.kind, d.providerRefundId, d.resolution])).toEqual([
      ['refund_missing_here', 're_1', 'failed'],
      ['refund_missing_here', 're_premium', 'failed'],
    ]);
    expect(run.remaining).toBe(2);
    expect(logged.error).toEqual([
      expect.stringContaining('applying re_1 failed: database away'),
      expect.stringContaining('applying re_premium failed'),
    ]);
    expect(await reports.last()).toEqual(run);
    expect(await scraped('linkbio_reconciliation_refunds_applied_total', { outcome: 'failed' })).toBe(2);
    expect(await scraped('linkbio_reconciliation_last_run_differences')).toBe(2);

    // The next run applies what failed; a refund of no booking here stays for the operators.
    intake.failure = null;
    const next = await useCase.execute(DAY, 'schedule');
    expect(next.differences.map((d) => [d.providerRefundId, d.resolution])).toEqual([
      ['re_1', 'applied'],
      ['re_premium', 'unapplied'],
    ]);
    expect(next.remaining).toBe(1);
  });
});

describe('ReconcilePaymentsProcessor', () => {
  const job = (data: { date?: string }) => ({ data }) as unknown as QueueJob<'maintenance'>;

  it('reconciles the day that ended (the schedule), or the day its job names', async () => {
    const { useCase, clock, reports } = setup();
    const processor = new ReconcilePaymentsProcessor(useCase, clock);
    expect(await processor.process(job({}))).toEqual({
      day: '2027-01-18',
      provider: 'stripe',
      differences: 0,
      remaining: 0,
    });
    expect(await processor.process(job({ date: '2027-01-02' }))).toMatchObject({ day: '2027-01-02' });
    expect(reports.runs.map((run) => [run.day, run.trigger])).toEqual([
      ['2027-01-18', 'schedule'],
      ['2027-01-02', 'schedule'],
    ]);
  });

  it('a job naming no date of the calendar fails without retries', async () => {
    const { useCase, clock } = setup();
    await expect(new ReconcilePaymentsProcessor(useCase, clock).process(job({ date: '2027-02-30' }))).rejects.toThrow(
      UnrecoverableError,
    );
  });
});
