/**
 * The analytics service's own settings, parsed when it starts (see .env.example): a bad value
 * stops the start. ANALYTICS_RAW_RETENTION_MONTHS: how many calendar months of raw hits (page
 * views, events) are kept, the current one included; older monthly partitions are dropped.
 * Visits and roll-ups are kept.
 */
import { described, env, serviceSettings } from '@lp/runtime';

export const analyticsSettings = serviceSettings({
  ANALYTICS_RAW_RETENTION_MONTHS: described(
    env.int(25, 2, 1200),
    'calendar months of raw page views and events kept, the current one included; older monthly partitions are dropped (visits and roll-ups are kept)',
  ),
});
