/**
 * Graceful shutdown: on SIGTERM/SIGINT run the steps in order (stop HTTP, stop consumers,
 * drain NATS, destroy Knex), then exit. A hard-exit timer ends a stuck shutdown without
 * keeping a healthy process alive. A clean shutdown exits 0; repeated signals are ignored.
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
  // `on`, not `once`: a terminal's Ctrl-C reaches every process of the group, so under
  // `pnpm start` the signal arrives twice (once from the terminal, once forwarded by pnpm). A
  // repeat must not fall through to Node's default (death by signal, pnpm's ELIFECYCLE).
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
