import { ReconciliationReports } from '../modules/reconciliation/application/ports/reconciliation-reports.js';
import { ReconcileDayUseCase } from '../modules/reconciliation/application/reconcile-day.use-case.js';
import { DIFFERENCE_MEANINGS } from '../modules/reconciliation/domain/reconcile.js';
import type { ReconciliationRun } from '../modules/reconciliation/domain/run.js';
import { parseUtcDay, type UtcDay } from '../modules/reconciliation/domain/utc-day.js';
import { command, noPositionals, table, UsageError, utc, type OpsCommand } from './ops-command.js';

const amount = (cents: number | null) =>
  cents === null ? '-' : `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

/** The run's report: what was compared, each difference (a row, then what it means), and the summary line. */
function report(run: ReconciliationRun, print: (line: string) => void): number {
  const { payments, refunds, bookings, ourRefunds } = run.compared;
  print(
    `Reconciliation of ${run.day} (UTC) with the ${run.provider} provider, ${utc(run.finishedAt)}: ` +
      `${payments} payment(s) and ${refunds} refund(s) at the provider, ${bookings} booking(s) and ${ourRefunds} refund(s) here.`,
  );
  if (run.differences.length > 0) {
    const rows = table(
      ['KIND', 'BOOKING', 'PAYMENT', 'REFUND', 'HERE', 'PROVIDER', 'OUTCOME'],
      run.differences.map((d) => [
        d.kind,
        d.bookingId ?? '-',
        d.intentId ?? '-',
        d.providerRefundId ?? '-',
        amount(d.ours),
        amount(d.theirs),
        d.resolution,
      ]),
    );
    print(rows[0]!);
    run.differences.forEach((d, i) => {
      print(rows[i + 1]!);
      print(`    ${DIFFERENCE_MEANINGS[d.kind]} ${d.detail}.`);
    });
  }
  const settled = run.found - run.remaining;
  if (run.remaining === 0) {
    print(
      run.found === 0
        ? 'No differences: the ledger matches the provider.'
        : `${run.found} difference(s), all settled by applying the provider's refunds: the ledger matches the provider.`,
    );
    return 0;
  }
  print(
    `${run.found} difference(s), ${settled} settled by applying the provider's refunds, ${run.remaining} remaining: the ledger does not match the provider.`,
  );
  return 1;
}

/** Reconciliation with the payment provider: run a day now, or show the last run's report. */
export const RECONCILE_COMMANDS: Record<string, OpsCommand> = {
  'payments:reconcile': command<{ day: UtcDay | null }>({
    usage: 'payments:reconcile --date 2027-01-18 | --last',
    summary:
      "Compare a UTC day's bookings, refunds, ledger and subscriptions with the payment provider's records now, apply the " +
      "provider's refunds whose webhook never arrived, and print every difference (--last: the last run's report). " +
      'Exit code 0 when the ledger matches, 1 when differences remain.',
    options: { date: { type: 'string' }, last: { type: 'boolean' } },
    check(args) {
      noPositionals(args);
      const date = args.values.date as string | undefined;
      const last = args.values.last === true;
      if (last && date !== undefined) throw new UsageError('Give either --date or --last, not both.');
      if (last) return { day: null };
      if (date === undefined) throw new UsageError('Give the day to reconcile: --date YYYY-MM-DD (a UTC day).');
      const day = parseUtcDay(date);
      if (!day) throw new UsageError(`${date} is not a date: give --date as YYYY-MM-DD (a UTC day).`);
      if (day.start.getTime() > Date.now())
        throw new UsageError(`${date} has not begun yet: give a day up to today (UTC).`);
      return { day };
    },
    async run(app, { day }, print) {
      if (day) return report(await app.get(ReconcileDayUseCase).execute(day, 'operator'), print);
      const last = await app.get(ReconciliationReports).last();
      if (!last) {
        print('No reconciliation has run yet.');
        return 0;
      }
      return report(last, print);
    },
  }),
};
