import { Logger, type INestApplicationContext } from '@nestjs/common';

/**
 * SIGTERM or Ctrl-C closes the process in order: the API stops taking connections and answers the requests in
 * flight, closing each keep-alive connection after its answer (`drainHttp`, see http-drain.ts); then the worker
 * stops taking jobs and finishes those it holds, what is held in memory (views and clicks) is queued,
 * connections to the stores close, and the process exits 0. A second signal while closing exits at once (1).
 */
export function closeOnSignals(app: INestApplicationContext, name: string, drainHttp?: () => Promise<void>): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    Logger.log(`${signal}: closing the ${name}…`, 'Shutdown');
    Promise.resolve(drainHttp?.())
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error instanceof Error ? error.message : error);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
