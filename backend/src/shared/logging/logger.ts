import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import type { LogLevel } from './log-levels.js';

export type { Logger } from 'pino';


export interface LoggerOptions {
  /** LOG_LEVEL; unset, `info` (`warn` under NODE_ENV=test, whose runs print only what went wrong). */
  level?: LogLevel;
  nodeEnv: 'development' | 'production' | 'test';
  /** Where the lines go (the tests' capture); unset, stdout (pretty-printed in a terminal). */
  destination?: DestinationStream;
  /** Pretty-printed lines instead of JSON; unset, when the process runs in a terminal in development. */
  pretty?: boolean;
}

/**
 * Whatever a log line is given, these never leave as they are: the credentials a request or a webhook carries
 * in its headers. No body is ever logged (the request lines name the path, never the body or the query).
 */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["stripe-signature"]',
  'headers["set-cookie"]',
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'cardNumber',
];

/** A logger and the flush of its destination: lines still buffered are written before the process ends. */
export interface ProcessLogger {
  logger: Logger;
  /** Writes out the lines not written yet (synchronously: safe in an exit path). */
  flush(): void;
}

/**
 * The process's logger: one JSON line per event on stdout, or pretty-printed for a person when run in a
 * terminal in development. A line is not written on the request's path: the JSON lines of one turn of the
 * event loop go out together at its end (LinesPerTurn), in one write. That write is synchronous, as Node's
 * own writes to a pipe or a file are: under load, sonic-boom's asynchronous writes (a thread-pool round trip
 * each) cost the API several times the CPU of the lines themselves (bench).
 */
export function createLogger(options: LoggerOptions): ProcessLogger {
  const level: Level | 'silent' = options.level ?? (options.nodeEnv === 'test' ? 'warn' : 'info');
  const pretty = options.pretty ?? (options.nodeEnv === 'development' && process.stdout.isTTY === true);
  let destination: DestinationStream;
  let flush = () => undefined as void;
  if (pretty) destination = prettyPrinter(options.destination);
  else if (options.destination) destination = options.destination;
  else {
    const boom = pino.destination({ dest: 1, sync: true });
    const lines = new LinesPerTurn(boom);
    destination = lines;
    flush = () => {
      lines.writeOut();
      try {
        boom.flushSync();
      } catch {
        // Not ready yet (nothing written) or already closed: nothing to flush.
      }
    };
  }
  const logger = pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: pino.stdSerializers.err },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return { logger, flush };
}

/** pino-pretty, loaded only when asked for (a terminal in development): the other runs never load it. */
function prettyPrinter(destination?: DestinationStream): DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
  return pretty({
    colorize: destination === undefined,
    sync: true,
    // Shown in the message instead: `GET /ada 200 3.1 ms request completed {"reqId":…}`, `[Worker] analytics count completed 4 ms`.
    ignore: 'pid,hostname,context,method,path,status,queue,job,outcome,durationMs',
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    messageFormat: (line: Record<string, unknown>, key: string) => {
      const words: unknown[] = [];
      if (line.context !== undefined) words.push(`[${String(line.context)}]`);
      if (line.method !== undefined) words.push(line.method, line.path, line.status);
      if (line.queue !== undefined) words.push(line.queue, line.job, line.outcome);
      if (line.durationMs !== undefined) words.push(`${String(line.durationMs)} ms`);
      return [...words, line[key] ?? ''].join(' ');
    },
    ...(destination ? { destination: destination as NodeJS.WritableStream } : {}),
  });
}

/**
 * Hands the lines written during one turn of the event loop to `target` as one write, at the end of the turn
 * (setImmediate). Under load a turn closes several requests: one system call for all their lines.
 */
export class LinesPerTurn implements DestinationStream {
  private readonly lines: string[] = [];
  private scheduled = false;

  constructor(private readonly target: DestinationStream) {}

  write(line: string): void {
    this.lines.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.writeOut);
    }
  }

  /** Writes out the lines of this turn now (also on exit). */
  readonly writeOut = (): void => {
    this.scheduled = false;
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines.length = 0;
    this.target.write(text);
  };
}
