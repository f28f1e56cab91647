import { formatCents } from '@linkbio/shared-contracts';
import { ListPaymentIssuesUseCase } from '../modules/billing/application/list-payment-issues.use-case.js';
import { command, noPositionals, table, UsageError, utc, type OpsCommand } from './ops-command.js';

/** YYYY-MM-DD, a real date, as midnight UTC. */
function sinceDate(text: string | undefined): Date | null {
  if (text === undefined) return null;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw new UsageError(`--since takes a date as YYYY-MM-DD (e.g. 2027-01-16), not "${text.slice(0, 40)}"`);
  }
  return date;
}

/** The payments commands: what the provider reported that could not be applied, refunds failed after success. */
export const PAYMENT_COMMANDS: Record<string, OpsCommand> = {
  'payments:unapplied': command<{ since: Date | null }>({
    usage: 'payments:unapplied [--since YYYY-MM-DD]',
    summary: 'List provider events that could not be matched or applied, with why (newest first, at most 500).',
    options: { since: { type: 'string' } },
    check(args) {
      noPositionals(args);
      return { since: sinceDate(args.values.since as string | undefined) };
    },
    async run(app, { since }, print) {
      const events = await app.get(ListPaymentIssuesUseCase).unapplied(since);
      if (events.length === 0) {
        print(since ? `No unapplied provider events since ${since.toISOString().slice(0, 10)}.` : 'No unapplied provider events.');
        return;
      }
      const rows = events.map((e) => [utc(e.receivedAt), e.provider, e.type, e.reason, e.objectId ?? '-', e.eventId, e.detail]);
      for (const line of table(['RECEIVED', 'PROVIDER', 'TYPE', 'REASON', 'OBJECT', 'EVENT', 'DETAIL'], rows)) print(line);
      print(`${events.length} event(s)`);
    },
  }),

  'payments:refund-failed': command<Record<string, never>>({
    usage: 'payments:refund-failed',
    summary: 'List bookings whose refund failed after it had succeeded (refund_failed): the visitor may not have the money back.',
    options: {},
    check(args) {
      noPositionals(args);
      return {};
    },
    async run(app, _input, print) {
      const bookings = await app.get(ListPaymentIssuesUseCase).refundFailed();
      if (bookings.length === 0) {
        print('No bookings with a failed refund.');
        return;
      }
      const rows = bookings.flatMap((b) =>
        b.refunds.map((r) => [b.bookingId, b.creatorUsername, formatCents(b.amount), r.providerRefundId ?? '-', formatCents(r.amount), utc(r.failedAt)]),
      );
      for (const line of table(['BOOKING', 'CREATOR', 'PAID', 'REFUND', 'REFUND AMOUNT', 'FAILED'], rows)) print(line);
      print(`${bookings.length} booking(s) with a failed refund: the creator's share stays reversed; refund the visitor again at the provider, or contact them.`);
    },
  }),
};
