/**
 * Graceful shutdown: on SIGTERM/SIGINT run the steps in order (stop HTTP, stop consumers,
 * drain NATS, destroy Knex), then exit. Each step is bounded (a consumer waits for its running
 * handlers at most STOP_GRACE_MS, then hands their messages back), so a clean shutdown exits 0
 * within 10 s however large the backlog; a hard-exit timer ends a stuck one (exit 1) before a
 * supervisor's 10 s kill, without keeping a healthy process alive. Repeated signals are ignored.
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

export function onShutdown(steps: () => ShutdownStep[], log: Logger, hardExitMs = 9_500): void {
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
