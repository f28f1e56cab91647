import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { BackgroundWork } from '../application/ports/background-work.js';

/**
 * Runs the work in this process once the current answer has been written (setImmediate), and waits for what
 * is still running before the application shuts down. A failure is logged by its kind only: its message could
 * quote a query's parameters, an e-mail with a secret link among them.
 */
@Injectable()
export class InProcessBackgroundWork extends BackgroundWork implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Background');
  private readonly running = new Set<Promise<void>>();

  start(name: string, work: () => Promise<void>): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => {
        const kind = error instanceof Error ? error.name : typeof error;
        const code = (error as { code?: unknown } | null)?.code;
        this.logger.error(`${name} failed: ${kind}${typeof code === 'string' ? ` ${code}` : ''}`);
      })
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
