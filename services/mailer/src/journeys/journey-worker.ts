/**
 * The journey engine of a mailer process (every replica runs one): passes over due entries
 * (run-due-entries.ts) back to back while there are full batches, then polls every half second,
 * or at once when this process let contacts enter; about once a second it also reads the
 * list-joined triggers (follow-list-triggers.ts), and beside the steps the other polled triggers
 * that are due (lease-trigger-journeys.ts: link clicks every ~2 s, segments and lot views every
 * JOURNEY_TRIGGER_POLL_SECONDS; one small query when no journey uses them). Everything it
 * knows is in the database (due times, leases, step runs, trigger cursors), so a wait of days
 * survives restarts and deploys, and any replica can run any due step. Stopping finishes the
 * pass in progress (and the trigger reads under way).
 */
import { randomUUID } from 'node:crypto';
import type { WorkerDefinition } from '@lp/runtime';
import { followListEntries, followListTriggers } from './follow-list-triggers.ts';
import { followLinkClicks } from './follow-link-clicks.ts';
import { followLotViews } from './follow-lot-views.ts';
import { followSegmentTrigger } from './follow-segment-triggers.ts';
import { idle, wakeJourneys } from './journey-wake.ts';
import { leaseTriggerJourneys, releaseTriggerLease, type LeasedTrigger } from './lease-trigger-journeys.ts';
import { runDueEntries, type EngineDeps } from './run-due-entries.ts';
import { mailerSettings } from '../config.ts';

const BATCH = 1000;
const IDLE_MS = 500;
const TRIGGERS_EVERY_MS = 1000;

const followers: Record<LeasedTrigger['trigger_kind'], (deps: EngineDeps, row: LeasedTrigger) => Promise<number>> = {
  segment_joined: followSegmentTrigger,
  lot_viewed: followLotViews,
  link_clicked: followLinkClicks,
};

/** Reads each due polled trigger once; a failure is logged and the trigger read again next period. */
async function followPolledTriggers(deps: EngineDeps, pollSeconds: number): Promise<void> {
  for (const row of await leaseTriggerJourneys(deps.knex, pollSeconds)) {
    try {
      if ((await followers[row.trigger_kind](deps, row)) > 0) wakeJourneys();
    } catch (err) {
      deps.log.warn(
        { err, journeyId: row.id, trigger: row.trigger_kind },
        'reading a journey trigger failed; retrying',
      );
    } finally {
      await releaseTriggerLease(deps.knex, row.id, true);
    }
  }
}

export const journeyWorker: WorkerDefinition = {
  name: 'journeys',
  start: async (deps) => {
    const id = randomUUID();
    const engine = { ...deps, timeZone: deps.config.SITE_TIME_ZONE };
    const pollSeconds = mailerSettings.of(deps).JOURNEY_TRIGGER_POLL_SECONDS;
    let stopped = false;
    let triggersAt = 0;
    let entering: Promise<void> | null = null;
    let polling: Promise<void> | null = null;
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
            // Beside the steps too: a segment of thousands is read while due steps run.
            polling ??= followPolledTriggers(engine, pollSeconds)
              .catch((err: unknown) => deps.log.warn({ err }, 'reading the journey triggers failed; retrying'))
              .finally(() => (polling = null));
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
        await polling;
      },
    };
  },
};
