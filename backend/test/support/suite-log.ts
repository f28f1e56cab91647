import { pino } from 'pino';
import type { LogLevel } from '../../src/shared/logging/log-levels.js';
import { createLogger, type Logger } from '../../src/shared/logging/logger.js';

/**
 * Every line the APIs of this spec file logged through startApp's logger (each request's line included: it
 * logs at debug), for secrets-never-logged.ts to scan once the file is done. The lines at the level the run
 * asks for (LOG_LEVEL, else `warn`) are written to stdout as before.
 */
export const suiteLogLines: string[] = [];

/** The product's logger (its redaction and serializers) at debug, keeping its lines in suiteLogLines. */
export function suiteLogger(shownFrom: LogLevel | undefined): Logger {
  const shown = pino.levels.values[shownFrom ?? 'warn'] ?? Infinity;
  const destination = {
    write(line: string) {
      suiteLogLines.push(line);
      const level = (JSON.parse(line) as { level?: string }).level;
      if ((pino.levels.values[level ?? ''] ?? Infinity) >= shown) process.stdout.write(line);
    },
  };
  return createLogger({ level: 'debug', nodeEnv: 'test', destination }).logger;
}
