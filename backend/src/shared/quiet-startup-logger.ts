import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';
import { maskEmails } from './logging/mask-email.js';

/** Nest's own start-up report: a line per module loaded, controller found and route mapped. */
const START_UP_REPORTERS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

type PinoLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * Nest's logger (every `new Logger(context)` of the product, and Nest's own) on pino: one JSON line per event,
 * with its context. Nest's start-up report (about a hundred lines that say nothing a person running the
 * product needs) is kept for LOG_LEVEL=debug; the product's own lines, and every warning and error, Nest's
 * included, are written at their level. An e-mail address in a message is masked (`j***@example.com`).
 * A message may be an object of fields (`{ msg, queue, jobId… }`): they become the line's fields.
 *
 * The levels are LOG_LEVEL's alone: those NestFactory sets from its `logger` option are not applied here.
 */
export class QuietStartupLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    const context = contextOf(params);
    this.write(context !== undefined && START_UP_REPORTERS.has(context) ? 'debug' : 'info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: PinoLevel, message: unknown, params: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const context = contextOf(params);
    // Nest's error(message, stack, context): the stack is the string before the context.
    const stack = level === 'error' || level === 'fatal' ? params.find((p, i) => typeof p === 'string' && i < params.length - 1) : undefined;
    const fields: Record<string, unknown> = context === undefined ? {} : { context };
    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, maskEmails(message.message));
    } else if (typeof message === 'object' && message !== null) {
      const { msg, ...rest } = message as Record<string, unknown>;
      this.logger[level]({ ...fields, ...rest }, typeof msg === 'string' ? maskEmails(msg) : undefined);
    } else {
      if (typeof stack === 'string') fields.stack = maskEmails(stack);
      this.logger[level](fields, maskEmails(String(message)));
    }
  }
}

/** Nest passes the logger's context as the last parameter. */
function contextOf(params: unknown[]): string | undefined {
  const last = params.at(-1);
  return params.length > 0 && typeof last === 'string' ? last : undefined;
}
