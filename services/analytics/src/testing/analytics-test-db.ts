/** For unit tests: an in-memory PGlite with the analytics migrations applied, and a page view to store in it. */
import { fileURLToPath } from 'node:url';
import { eventMeta, type PageviewHit, type SubmissionReceived } from '@lp/contracts';
import { migrate, openPglite, type Database } from '@lp/runtime';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));

export async function openAnalyticsTestDb(): Promise<Database> {
  const db = await openPglite();
  await migrate(db.knex, 'analytics', MIGRATIONS);
  return db;
}

/** A desktop Firefox (Linux) view of the home page without referrer or campaign, unless `extra` says otherwise. */
export const pageView = (sessionId: string, at: string, extra: Partial<PageviewHit> = {}): PageviewHit => ({
  at,
  path: '/',
  sessionId,
  referrer: null,
  deviceType: 'desktop',
  browser: 'Firefox',
  os: 'Linux',
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  utmExtra: null,
  country: null,
  region: null,
  city: null,
  ...extra,
});

/** A form submission event as the gateway publishes it, sent at `at` (now by default) under `key`. */
export const submissionEvent = (
  sessionId: string | null,
  at = new Date().toISOString(),
  key = crypto.randomUUID(),
): SubmissionReceived => ({
  ...eventMeta(crypto.randomUUID(), new Date(at)),
  idempotencyKey: key,
  submission: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '(928) 555-0100',
    email: 'ada@example.com',
    interest: null,
    message: null,
    source: 'home',
    topic: null,
    page: null,
    sessionId,
    lotNumber: null,
    country: null,
    region: null,
    city: null,
  },
});
