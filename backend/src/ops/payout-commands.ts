import {
  PAYOUT_REFERENCE_MAX_LENGTH,
  PAYOUT_STATUSES,
  PayoutMessages,
  type PayoutStatus,
} from '@linkbio/shared-contracts';
import { CreateWeeklyPayoutsUseCase } from '../modules/payouts/application/create-weekly-payouts.use-case.js';
import { ListPayoutsUseCase } from '../modules/payouts/application/list-payouts.use-case.js';
import { MarkPayoutPaidUseCase } from '../modules/payouts/application/mark-payout-paid.use-case.js';
import type { PayoutWithCreator } from '../modules/payouts/application/ports/payout.store.js';
import type { IsoWeek } from '../modules/payouts/domain/iso-week.js';
import { formatCents } from '../modules/payouts/domain/payout.js';
import { weekToPayOut } from '../modules/payouts/domain/payouts.errors.js';
import { DomainError } from '../shared/domain-error.js';
import { command, noPositionals, onlyId, table, UsageError, utc, type OpsCommand } from './ops-command.js';

const describeWeek = (week: IsoWeek) => `${week.label} (${utc(week.start)} to ${utc(week.end)})`;

function payoutRows(payouts: PayoutWithCreator[]): string[] {
  return table(
    ['ID', 'WEEK', 'CREATOR', 'AMOUNT', 'METHOD', 'DESTINATION', 'STATUS', 'REFERENCE'],
    payouts.map((p) => [
      p.id,
      p.week,
      p.username,
      formatCents(p.amount),
      p.method ?? '-',
      p.destination ?? '-',
      p.status,
      p.reference ?? p.failureReason ?? p.providerBatchId ?? '',
    ]),
  );
}

function checkedWeek(text: string | undefined): IsoWeek | undefined {
  if (text === undefined) return undefined;
  try {
    return weekToPayOut(text, new Date());
  } catch (error) {
    if (error instanceof DomainError) throw new UsageError(error.message);
    throw error;
  }
}

/** The payouts commands: make a week's payouts, list them, record one paid by hand. */
export const PAYOUT_COMMANDS: Record<string, OpsCommand> = {
  'payouts:run': command<{ week: IsoWeek | undefined }>({
    usage: 'payouts:run [--week 2026-W47]',
    summary:
      'Make the payouts of a week that has ended (default: the week that ended last) and queue them for sending; list the creators carried over (earnings less refunds at zero or less).',
    options: { week: { type: 'string' } },
    check(args) {
      noPositionals(args);
      return { week: checkedWeek(args.values.week as string | undefined) };
    },
    async run(app, { week }, print) {
      const run = await app.get(CreateWeeklyPayoutsUseCase).execute(week?.label);
      const list = app.get(ListPayoutsUseCase);
      if (run.created.length === 0 && run.carried.length === 0) {
        print(
          `${describeWeek(run.week)}: no payouts created. Every creator with unpaid earnings before ${utc(run.week.end)} has this week's payout already, or there are none.`,
        );
        return;
      }
      if (run.created.length > 0) {
        const total = run.created.reduce((sum, p) => sum + p.amount, 0);
        print(`${describeWeek(run.week)}: ${run.created.length} payout(s) created, ${formatCents(total)} in all.`);
        const created = await list.forOperators({ ids: run.created.map((p) => p.id) });
        for (const line of payoutRows(created)) print(line);
      }
      if (run.carried.length > 0) {
        const total = run.carried.reduce((sum, c) => sum + c.amount, 0);
        const lead = run.created.length > 0 ? `${run.week.label}:` : `${describeWeek(run.week)}: no payouts created;`;
        print(
          `${lead} ${run.carried.length} creator(s) carried over, their earnings less refunds at zero or less (${formatCents(total)} in all):`,
        );
        const carried = await list.carryoversForOperators(
          run.week.label,
          run.carried.map((c) => c.creatorId),
        );
        for (const line of table(
          ['WEEK', 'CREATOR', 'CARRIED'],
          carried.map((c) => [c.week, c.username, formatCents(c.amount)]),
        ))
          print(line);
      }
    },
  }),

  'payouts:list': command<{ status: PayoutStatus | undefined; week: string | undefined }>({
    usage: `payouts:list [--status ${PAYOUT_STATUSES.join('|')}] [--week 2026-W47]`,
    summary: 'List payouts, newest week first (at most 500).',
    options: { status: { type: 'string' }, week: { type: 'string' } },
    check(args) {
      noPositionals(args);
      const status = args.values.status as string | undefined;
      if (status !== undefined && !PAYOUT_STATUSES.includes(status as PayoutStatus))
        throw new UsageError(PayoutMessages.invalidStatus);
      const week = args.values.week as string | undefined;
      if (week !== undefined && !/^\d{4}-W\d{2}$/.test(week)) throw new UsageError(PayoutMessages.invalidWeek);
      return { status: status as PayoutStatus | undefined, week };
    },
    async run(app, filter, print) {
      const payouts = await app.get(ListPayoutsUseCase).forOperators(filter);
      if (payouts.length === 0) {
        print(filter.status ? `No payouts with status ${filter.status}.` : 'No payouts.');
        return;
      }
      for (const line of payoutRows(payouts)) print(line);
      print(`${payouts.length} payout(s)`);
    },
  }),

  'payouts:mark-paid': command<{ id: string; reference: string }>({
    usage: 'payouts:mark-paid <payout-id> --reference "PayPal 5TY0..."',
    summary: 'Record a payout made by hand (CashApp, or PayPal outside the Payouts API) as paid.',
    options: { reference: { type: 'string' } },
    check(args) {
      const id = onlyId(args, 'Give the id of the payout to mark paid', 'a payout id (a UUID as payouts:list shows)');
      const reference = ((args.values.reference as string | undefined) ?? '').trim();
      if (!reference) throw new UsageError(PayoutMessages.referenceRequired);
      if ([...reference].length > PAYOUT_REFERENCE_MAX_LENGTH) throw new UsageError(PayoutMessages.referenceTooLong);
      return { id, reference };
    },
    async run(app, { id, reference }, print) {
      const payout = await app.get(MarkPayoutPaidUseCase).execute(id, reference);
      const [view] = await app.get(ListPayoutsUseCase).forOperators({ ids: [payout.id] });
      print(
        `Payout ${payout.id} (${view?.username ?? payout.creatorId}, ${payout.week}, ${formatCents(payout.amount)}) marked paid, reference: ${payout.reference}`,
      );
    },
  }),

};
