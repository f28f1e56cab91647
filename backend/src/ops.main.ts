import 'reflect-metadata';
import 'dotenv/config';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  type DynamicModule,
  type INestApplicationContext,
  type LoggerService,
  Module,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  PAYOUT_REFERENCE_MAX_LENGTH,
  PAYOUT_STATUSES,
  PayoutMessages,
  SUPPORT_REQUEST_STATUSES,
  SupportMessages,
  type PayoutStatus,
  type SupportRequestStatus,
} from '@linkbio/shared-contracts';
import { loadEnv, type Env } from './config/env.js';
import { DatabaseModule } from './database/database.module.js';
import { CreateWeeklyPayoutsUseCase } from './modules/payouts/application/create-weekly-payouts.use-case.js';
import { ListPayoutsUseCase } from './modules/payouts/application/list-payouts.use-case.js';
import { MarkPayoutPaidUseCase } from './modules/payouts/application/mark-payout-paid.use-case.js';
import type { PayoutWithCreator } from './modules/payouts/application/ports/payout.store.js';
import { lastEndedWeek, type IsoWeek } from './modules/payouts/domain/iso-week.js';
import { formatCents } from './modules/payouts/domain/payout.js';
import { weekToPayOut } from './modules/payouts/domain/payouts.errors.js';
import { PayoutsModule } from './modules/payouts/payouts.module.js';
import { CloseSupportRequestUseCase } from './modules/support/application/close-support-request.use-case.js';
import { ListSupportRequestsUseCase } from './modules/support/application/list-support-requests.use-case.js';
import type { SupportRequestWithCreator } from './modules/support/application/ports/support-request.store.js';
import { SupportModule } from './modules/support/support.module.js';
import { DomainError } from './shared/domain-error.js';
import { isId } from './shared/ids.js';
import { InfrastructureModule } from './shared/infrastructure/infrastructure.module.js';
import { QueuesModule } from './shared/queues/queues.module.js';

/*
 * The operators' command line: `npm run ops -- <command> [options]` (node backend/dist/ops.main.js). It runs
 * the same use cases as the API and the worker, against the database and queues the environment names
 * (.env as for the API). A command is one entry in COMMANDS: its usage, its options, a check of its
 * arguments (before anything connects) and what it does with the use cases of the modules in OPS_MODULES.
 */

/** A mistake in the command line: usage is printed and the exit code is 2. */
class UsageError extends Error {}

interface Parsed {
  values: Record<string, string | boolean | Array<string | boolean> | undefined>;
  positionals: string[];
}

interface OpsCommand<Input = unknown> {
  usage: string;
  summary: string;
  options: NonNullable<ParseArgsConfig['options']>;
  /** Turns the arguments into the command's input, or throws UsageError. Runs before anything connects. */
  check(args: Parsed): Input;
  run(app: INestApplicationContext, input: Input, print: (line: string) => void): Promise<void>;
}

const command = <Input>(definition: OpsCommand<Input>): OpsCommand => definition as OpsCommand;

/** The modules the commands need: what the API and worker have, minus HTTP and the processors' workers. */
const OPS_MODULES: Array<Type | DynamicModule> = [PayoutsModule, SupportModule];

function table(headers: string[], rows: string[][]): string[] {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)];
}

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
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

/** The support queue as operators read it: priority flag, when it came, who sent it, what about. */
function supportRows(requests: SupportRequestWithCreator[]): string[] {
  return table(
    ['ID', 'PRIORITY', 'CREATED', 'STATUS', 'CREATOR', 'SUBJECT'],
    requests.map((r) => [r.id, r.priority ? 'priority' : '-', utc(r.createdAt), r.status, r.username, r.subject]),
  );
}

function noPositionals(args: Parsed): void {
  if (args.positionals.length > 0) throw new UsageError(`Unexpected argument: ${args.positionals[0]}`);
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

const COMMANDS: Record<string, OpsCommand> = {
  'payouts:run': command<{ week: IsoWeek | undefined }>({
    usage: 'payouts:run [--week 2026-W47]',
    summary:
      'Make the payouts of a week that has ended (default: the week that ended last) and queue them for sending.',
    options: { week: { type: 'string' } },
    check(args) {
      noPositionals(args);
      return { week: checkedWeek(args.values.week as string | undefined) };
    },
    async run(app, { week }, print) {
      const run = await app.get(CreateWeeklyPayoutsUseCase).execute(week?.label);
      if (run.created.length === 0) {
        print(
          `${describeWeek(run.week)}: no payouts created. Every creator with unpaid earnings before ${utc(run.week.end)} has this week's payout already, or there are none.`,
        );
        return;
      }
      const total = run.created.reduce((sum, p) => sum + p.amount, 0);
      print(`${describeWeek(run.week)}: ${run.created.length} payout(s) created, ${formatCents(total)} in all.`);
      const created = await app.get(ListPayoutsUseCase).forOperators({ ids: run.created.map((p) => p.id) });
      for (const line of payoutRows(created)) print(line);
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
      const [id, extra] = args.positionals;
      if (!id) throw new UsageError('Give the id of the payout to mark paid');
      if (extra !== undefined) throw new UsageError(`Unexpected argument: ${extra}`);
      if (!isId(id)) throw new UsageError(`${id} is not a payout id (a UUID as payouts:list shows)`);
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

  'support:list': command<{ status: SupportRequestStatus | undefined }>({
    usage: `support:list [--status ${SUPPORT_REQUEST_STATUSES.join('|')}]`,
    summary: 'List support requests: open first, then priority (Premium), then the oldest (at most 500).',
    options: { status: { type: 'string' } },
    check(args) {
      noPositionals(args);
      const status = args.values.status as string | undefined;
      if (status !== undefined && !SUPPORT_REQUEST_STATUSES.includes(status as SupportRequestStatus))
        throw new UsageError(SupportMessages.invalidStatus);
      return { status: status as SupportRequestStatus | undefined };
    },
    async run(app, filter, print) {
      const requests = await app.get(ListSupportRequestsUseCase).forOperators(filter);
      if (requests.length === 0) {
        print(filter.status ? `No ${filter.status} support requests.` : 'No support requests.');
        return;
      }
      for (const line of supportRows(requests)) print(line);
      const priority = requests.filter((r) => r.priority).length;
      print(`${requests.length} request(s), ${priority} priority`);
    },
  }),

  'support:close': command<{ id: string }>({
    usage: 'support:close <request-id>',
    summary: 'Close a support request that has been answered (closing it again changes nothing).',
    options: {},
    check(args) {
      const [id, extra] = args.positionals;
      if (!id) throw new UsageError('Give the id of the support request to close');
      if (extra !== undefined) throw new UsageError(`Unexpected argument: ${extra}`);
      if (!isId(id)) throw new UsageError(`${id} is not a support request id (a UUID as support:list shows)`);
      return { id };
    },
    async run(app, { id }, print) {
      const request = await app.get(CloseSupportRequestUseCase).execute(id);
      const [view] = await app.get(ListSupportRequestsUseCase).forOperators({ ids: [request.id] });
      print(`Support request ${request.id} (${view?.username ?? request.creatorId}: ${request.subject}) closed.`);
    },
  }),
};

function usage(): string {
  const names = Object.keys(COMMANDS);
  return [
    'Usage: npm run ops -- <command> [options]    (node backend/dist/ops.main.js <command> [options])',
    '',
    'Commands:',
    ...names.flatMap((name) => [`  ${COMMANDS[name]!.usage}`, `      ${COMMANDS[name]!.summary}`]),
    '',
    `Weeks are ISO weeks in UTC, Monday to Sunday: ${lastEndedWeek(new Date()).label} is the last one that ended.`,
    'The database, queues and PayPal settings come from the environment (.env), as for the API.',
  ].join('\n');
}

/** Logs to stderr, so that stdout carries only the commands' output. */
const stderrLogger: LoggerService = {
  log: () => undefined,
  error: (message: unknown) => console.error(`error: ${String(message)}`),
  warn: (message: unknown) => console.error(`warning: ${String(message)}`),
};

function opsModule(env: Env): DynamicModule {
  @Module({})
  class OpsModule {}
  return {
    module: OpsModule,
    imports: [
      InfrastructureModule.forEnv(env),
      DatabaseModule.forUrl(env.DATABASE_URL, 2),
      QueuesModule,
      ...OPS_MODULES,
    ],
  };
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    (name === undefined ? console.error : console.log)(usage());
    return name === undefined ? 2 : 0;
  }
  const chosen = COMMANDS[name];
  if (!chosen) {
    console.error(`Unknown command: ${name}\n\n${usage()}`);
    return 2;
  }

  let input: unknown;
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: chosen.options,
      allowPositionals: true,
      strict: true,
    });
    input = chosen.check({ values, positionals });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${message}\n\nUsage: npm run ops -- ${chosen.usage}`);
    return 2;
  }

  const env = loadEnv();
  const app = await NestFactory.createApplicationContext(opsModule(env), { logger: stderrLogger, abortOnError: false });
  try {
    await chosen.run(app, input, (line) => console.log(line));
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
