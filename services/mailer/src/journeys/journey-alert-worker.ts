/**
 * The sender of journeys' staff alerts (every replica runs one): passes over the queued alerts
 * (send-journey-alerts.ts) while there are full batches, then polls every second, or at once when
 * this process's engine queued some. Its SMTP transport is its own, pooled, one connection, as
 * the lead alerts': a broadcast in flight never delays an alert. Stopping finishes the pass in
 * progress; an alert leased and not claimed comes back to another sender a minute later.
 */
import type { WorkerDefinition } from '@lp/runtime';
import { mailerSettings } from '../config.ts';
import { createSmtpTransport } from '../sending/smtp-transport.ts';
import { createWakeGroup } from '../wake-group.ts';
import { sendJourneyAlerts } from './send-journey-alerts.ts';

const alerts = createWakeGroup();
/** Wakes this process's idle alert sender (the engine queued alerts). */
export const wakeJourneyAlerts = alerts.wake;

const BATCH = 20;
const IDLE_MS = 1000;

export const journeyAlertWorker: WorkerDefinition = {
  name: 'journey-alerts',
  start: async (deps) => {
    const transport = createSmtpTransport({ ...mailerSettings.of(deps), MAIL_SMTP_POOL: 1 });
    let stopped = false;
    const done = (async () => {
      while (!stopped) {
        try {
          const taken = await sendJourneyAlerts(deps, transport, BATCH);
          if (taken < BATCH && !stopped) await alerts.idle(IDLE_MS);
        } catch (err) {
          deps.log.warn({ err }, 'journey alert pass failed; retrying');
          if (!stopped) await alerts.idle(IDLE_MS);
        }
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        alerts.wake();
        await done;
        transport?.close();
      },
    };
  },
};
