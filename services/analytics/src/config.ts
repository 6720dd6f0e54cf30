/**
 * The analytics service's own settings, parsed once from the environment (see .env.example).
 * ANALYTICS_RAW_RETENTION_MONTHS: how many calendar months of raw hits (page views, events)
 * are kept, the current one included; older monthly partitions are dropped. Visits and
 * roll-ups are kept.
 */
import * as v from 'valibot';
import { env, parseConfig, processEnvWithDotEnv } from '@lp/runtime';

const AnalyticsConfigSchema = v.object({
  ANALYTICS_RAW_RETENTION_MONTHS: env.int(25, 2, 1200),
});
export type AnalyticsConfig = v.InferOutput<typeof AnalyticsConfigSchema>;

let parsed: AnalyticsConfig | undefined;
export function analyticsConfig(): AnalyticsConfig {
  return (parsed ??= parseConfig(AnalyticsConfigSchema, processEnvWithDotEnv()));
}
