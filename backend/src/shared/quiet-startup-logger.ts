import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** Nest's own start-up report: a line per module loaded, controller found and route mapped. */
const START_UP_REPORTERS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/**
 * The console logger without Nest's start-up report (about a hundred lines that say nothing a person running
 * the product needs); the product's own lines, and every warning and error, Nest's included, still print.
 */
export class QuietStartupLogger extends ConsoleLogger {
  constructor(logLevels: LogLevel[] = ['log', 'error', 'warn']) {
    super({ logLevels });
  }

  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && START_UP_REPORTERS.has(context)) return;
    super.log(message, ...optionalParams);
  }
}
