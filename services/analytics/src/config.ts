/**
 * The analytics service's own settings, parsed once from the environment (see .env.example).
 * ANALYTICS_RAW_RETENTION_MONTHS: how many calendar months of raw hits (page views, events)
 * are kept, the current one included; older monthly partitions are dropped. Visits and
 * roll-ups are kept.
 */
import * as v from 'valibot';
import { described, env, parseConfig, processEnvWithDotEnv } from '@lp/runtime';

export const AnalyticsConfigSchema = v.object({
  ANALYTICS_RAW_RETENTION_MONTHS: described(
    env.int(25, 2, 1200),
    'calendar months of raw page views and events kept, the current one included; older monthly partitions are dropped (visits and roll-ups are kept)',
  ),
});
export type AnalyticsConfig = v.InferOutput<typeof AnalyticsConfigSchema>;

let parsed: AnalyticsConfig | undefined;
export function analyticsConfig(): AnalyticsConfig {
  return (parsed ??= parseConfig(AnalyticsConfigSchema, processEnvWithDotEnv()));
}
