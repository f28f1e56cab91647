/**
 * When `npm start` runs this process it listens on an IPC channel: it is told when the process is ready (the
 * API listens, the worker takes jobs), and when `npm start` itself is gone (killed outright), the channel
 * closes and the process closes as on SIGTERM instead of running on with no one to stop it.
 */
export function reportReady(): void {
  if (process.send && process.connected) process.send({ type: 'ready' });
}

export function closeWithSupervisor(): void {
  if (!process.send) return;
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
