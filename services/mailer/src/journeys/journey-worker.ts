/**
 * The journey engine of a mailer process (every replica runs one): passes over due entries
 * (run-due-entries.ts) back to back while there are full batches, then polls every half second,
 * or at once when this process let contacts enter; about once a second it also reads the
 * list-joined triggers (follow-list-triggers.ts). Everything it knows is in the database (due
 * times, leases, step runs, trigger cursors), so a wait of days survives restarts and deploys,
 * and any replica can run any due step. Stopping finishes the pass in progress.
 */
import { randomUUID } from 'node:crypto';
import type { WorkerDefinition } from '@lp/runtime';
import { followListEntries, followListTriggers } from './follow-list-triggers.ts';
import { idle, wakeJourneys } from './journey-wake.ts';
import { runDueEntries } from './run-due-entries.ts';

const BATCH = 1000;
const IDLE_MS = 500;
const TRIGGERS_EVERY_MS = 1000;

export const journeyWorker: WorkerDefinition = {
  name: 'journeys',
  start: async (deps) => {
    const id = randomUUID();
    const engine = { ...deps, timeZone: deps.config.SITE_TIME_ZONE };
    let stopped = false;
    let triggersAt = 0;
    let entering: Promise<void> | null = null;
    const done = (async () => {
      while (!stopped) {
        try {
          if (Date.now() - triggersAt > TRIGGERS_EVERY_MS) {
            triggersAt = Date.now();
            await followListTriggers(engine);
            // Beside the steps, not before them: a large list is let in while the first ones run.
            entering ??= followListEntries(engine)
              .then(() => undefined)
              .catch((err: unknown) => deps.log.warn({ err }, 'letting a list in failed; retrying'))
              .finally(() => (entering = null));
          }
          const ran = await runDueEntries(engine, id, BATCH);
          if (ran < BATCH / 2 && !stopped) await idle(IDLE_MS);
        } catch (err) {
          deps.log.warn({ err }, 'journey pass failed; retrying');
          if (!stopped) await idle(1000);
        }
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        wakeJourneys();
        await done;
        await entering;
      },
    };
  },
};
