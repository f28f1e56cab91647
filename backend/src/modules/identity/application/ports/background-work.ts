/**
 * Work that runs after the answer has gone: the caller neither waits for it nor learns how it went (so how long
 * it takes tells a client nothing). A failure is logged, without its data.
 */
export abstract class BackgroundWork {
  abstract start(name: string, work: () => Promise<void>): void;
}
