import 'reflect-metadata';
import 'dotenv/config';
import { parseArgs } from 'node:util';
import { type DynamicModule, type LoggerService, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadEnv, type Env } from './config/env.js';
import { DatabaseModule } from './database/database.module.js';
import { BillingModule } from './modules/billing/billing.module.js';
import { lastEndedWeek } from './modules/payouts/domain/iso-week.js';
import { PayoutsModule } from './modules/payouts/payouts.module.js';
import { ReconciliationModule } from './modules/reconciliation/reconciliation.module.js';
import { SupportModule } from './modules/support/support.module.js';
import { PAYMENT_COMMANDS } from './ops/payment-commands.js';
import { PAYOUT_COMMANDS } from './ops/payout-commands.js';
import { RECONCILE_COMMANDS } from './ops/reconcile-commands.js';
import type { OpsCommand } from './ops/ops-command.js';
import { SECRET_COMMANDS } from './ops/secret-commands.js';
import { SUPPORT_COMMANDS } from './ops/support-commands.js';
import { DomainError } from './shared/domain-error.js';
import { InfrastructureModule } from './shared/infrastructure/infrastructure.module.js';
import { QueuesModule } from './shared/queues/queues.module.js';

/*
 * The operators' command line: `npm run ops -- <command> [options]` (node backend/dist/ops.main.js). It runs
 * the same use cases as the API and the worker, against the database and queues the environment names
 * (.env as for the API). A command is one entry in COMMANDS (each defined in ops/): its usage, its options, a
 * check of its arguments (before anything connects) and what it does with the use cases of the modules in
 * OPS_MODULES.
 */

/** The modules the commands need: what the API and worker have, minus HTTP and the processors' workers. */
const OPS_MODULES: Array<Type | DynamicModule> = [PayoutsModule, SupportModule, BillingModule, ReconciliationModule];

const COMMANDS: Record<string, OpsCommand> = {
  ...PAYOUT_COMMANDS,
  ...PAYMENT_COMMANDS,
  ...RECONCILE_COMMANDS,
  ...SUPPORT_COMMANDS,
  ...SECRET_COMMANDS,
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

/** A log message as a line: a structured one (`{ msg, ...fields }`) as its text and its fields in JSON. */
function logLine(message: unknown): string {
  if (message === null || typeof message !== 'object') return String(message);
  if (message instanceof Error) return message.message;
  const { msg, ...fields } = message as Record<string, unknown>;
  return `${String(msg ?? '')} ${JSON.stringify(fields)}`.trim();
}

/** Logs to stderr, so that stdout carries only the commands' output. */
const stderrLogger: LoggerService = {
  log: () => undefined,
  error: (message: unknown) => console.error(`error: ${logLine(message)}`),
  warn: (message: unknown) => console.error(`warning: ${logLine(message)}`),
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
    return (await chosen.run(app, input, (line) => console.log(line))) ?? 0;
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
