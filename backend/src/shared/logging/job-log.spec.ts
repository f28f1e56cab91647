import { UnrecoverableError, type Job } from 'bullmq';
import { QuietStartupLogger } from '../quiet-startup-logger.js';
import { LogCapture } from '../testing/log-capture.js';
import { failureOutcome, runLogged } from './job-log.js';

const job = (attemptsMade: number, attempts?: number) =>
  ({ name: 'count', id: '42', attemptsMade, opts: attempts === undefined ? {} : { attempts }, data: { email: 'jane@example.com' } }) as unknown as Job;

describe('failureOutcome', () => {
  it('is retrying while attempts are left, failed on the last one or for an unrecoverable error', () => {
    expect(failureOutcome(job(0, 3), new Error('x'))).toBe('retrying');
    expect(failureOutcome(job(1, 3), new Error('x'))).toBe('retrying');
    expect(failureOutcome(job(2, 3), new Error('x'))).toBe('failed');
    expect(failureOutcome(job(0), new Error('x'))).toBe('failed');
    expect(failureOutcome(job(0, 3), new UnrecoverableError('x'))).toBe('failed');
  });
});

describe('runLogged', () => {
  let capture: LogCapture;
  let logger: QuietStartupLogger;

  beforeEach(() => {
    capture = new LogCapture('info');
    logger = new QuietStartupLogger(capture.logger);
  });

  it('logs a completed run: queue, job, id, attempt, outcome, duration; never the data', async () => {
    expect(await runLogged(logger, 'analytics', job(0, 3), () => Promise.resolve('done'))).toBe('done');
    expect(capture.lines).toEqual([
      expect.objectContaining({ level: 'info', msg: 'job completed', queue: 'analytics', job: 'count', jobId: '42', attempt: 1, outcome: 'completed', durationMs: expect.any(Number) }),
    ]);
    expect(capture.text).not.toContain('jane');
  });

  it('logs a routine run (a sweep every minute) at debug when it completes, and at warn or error when it fails', async () => {
    const debug = new LogCapture('debug');
    const verbose = new QuietStartupLogger(debug.logger);
    await runLogged(logger, 'maintenance', job(0, 3), () => Promise.resolve(), true);
    expect(capture.lines).toEqual([]);
    await runLogged(verbose, 'maintenance', job(0, 3), () => Promise.resolve(), true);
    expect(debug.lines).toEqual([expect.objectContaining({ level: 'debug', msg: 'job completed', outcome: 'completed' })]);
    await expect(runLogged(logger, 'maintenance', job(0, 2), () => Promise.reject(new Error('down')), true)).rejects.toThrow('down');
    expect(capture.lines).toEqual([expect.objectContaining({ level: 'warn', outcome: 'retrying' })]);
  });

  it('logs a failed run at warn while it will be retried, at error on its last attempt, with the stack', async () => {
    await expect(runLogged(logger, 'payouts', job(0, 2), () => Promise.reject(new Error('PayPal away')))).rejects.toThrow('PayPal away');
    await expect(runLogged(logger, 'payouts', job(1, 2), () => Promise.reject(new Error('PayPal away')))).rejects.toThrow('PayPal away');
    const [first, last] = capture.lines;
    expect(first).toEqual(expect.objectContaining({ level: 'warn', outcome: 'retrying', attempt: 1 }));
    expect(last).toEqual(expect.objectContaining({ level: 'error', outcome: 'failed', attempt: 2 }));
    expect((last!.err as { stack: string }).stack).toContain('Error: PayPal away');
  });
});
