import { BackgroundWork } from '../application/ports/background-work.js';

/** Holds the work until the test runs it, so a spec sees what was done before the answer and what after. */
export class DeferredBackgroundWork extends BackgroundWork {
  private readonly waiting: Array<{ name: string; work: () => Promise<void> }> = [];

  get pending(): number {
    return this.waiting.length;
  }

  start(name: string, work: () => Promise<void>): void {
    this.waiting.push({ name, work });
  }

  /** Runs what was started, in order; a failure is swallowed, as the product logs it and moves on. */
  async runAll(): Promise<void> {
    while (this.waiting.length > 0)
      await this.waiting
        .shift()!
        .work()
        .catch(() => undefined);
  }
}
