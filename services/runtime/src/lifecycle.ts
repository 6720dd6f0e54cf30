/**
 * Graceful shutdown: on SIGTERM/SIGINT run the steps in order (stop HTTP, stop consumers,
 * drain NATS, destroy Knex), then exit. A hard-exit timer ends a stuck shutdown without
 * keeping a healthy process alive.
 */
import type { Logger } from './logger.ts';

export type ShutdownStep = [name: string, run: () => Promise<void>];

export async function runSteps(steps: ShutdownStep[], log: Logger): Promise<void> {
  for (const [name, run] of steps) {
    try {
      await run();
      log.debug({ step: name }, 'shutdown step done');
    } catch (err) {
      log.error({ err, step: name }, 'shutdown step failed');
    }
  }
}

export function onShutdown(steps: () => ShutdownStep[], log: Logger, hardExitMs = 15_000): void {
  let started = false;
  const handler = (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, hardExitMs).unref();
    void runSteps(steps(), log).then(() => {
      log.info('stopped');
      process.exit(0);
    });
  };
  process.once('SIGTERM', handler);
  process.once('SIGINT', handler);
}
