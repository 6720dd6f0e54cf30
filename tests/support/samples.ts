/** Inputs several suites send: a desktop browser's user agent, a visitor's form submission, a page view. */
import type { PageviewHit } from '@lp/contracts';

/** Chrome 126 on Windows: a browser the gateway counts (not a bot, not headless). */
export const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Safari on an iPhone (iOS 17.5): a phone's browser the gateway counts as mobile Safari. */
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A visitor's contact form on the home page, as the site sends it (the honeypot empty, filled in 4 s). */
export const SAMPLE_SUBMISSION = {
  firstName: 'Maria',
  lastName: 'Benally',
  phone: '(928) 555-0101',
  email: 'maria@example.com',
  interest: 'Available Lots',
  message: 'Is lot 12 still available?',
  source: 'home',
  page: '/',
  website: '',
  elapsedMs: 4000,
};

/**
 * One page view as the gateway's write buffer publishes it: from desktop Chrome on Windows, with no
 * referrer and no UTM parameters unless `hit` says otherwise.
 */
export const pageviewHit = ({
  at,
  path,
  sessionId,
  ...other
}: Pick<PageviewHit, 'at' | 'path' | 'sessionId'> & Partial<PageviewHit>): PageviewHit => ({
  at,
  path,
  sessionId,
  referrer: null,
  deviceType: 'desktop',
  browser: 'Chrome',
  os: 'Windows',
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  utmExtra: null,
  country: null,
  region: null,
  city: null,
  ...other,
});
