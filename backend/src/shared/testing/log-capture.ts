import { createLogger, type Logger } from '../logging/logger.js';
import type { LogLevel } from '../logging/log-levels.js';

/** One log line as written, parsed. */
export type LogLine = Record<string, unknown> & { level: string; msg?: string };

/**
 * A pino destination that keeps every line written: the product's real logger (its level, redaction and
 * serializers) with its output captured, for specs that check what is logged and what never is.
 */
export class LogCapture {
  /** The lines exactly as written (JSON text). */
  readonly raw: string[] = [];
  readonly logger: Logger;

  constructor(level: LogLevel = 'trace') {
    this.logger = createLogger({ level, nodeEnv: 'test', destination: { write: (line: string) => void this.raw.push(line) } }).logger;
  }

  get lines(): LogLine[] {
    return this.raw.map((line) => JSON.parse(line) as LogLine);
  }

  /** Everything written, as one text (to search for what must never be there). */
  get text(): string {
    return this.raw.join('');
  }

  clear(): void {
    this.raw.length = 0;
  }
}
