/** The analytics settings are checked when the service starts: a bad value refuses the start, named. */
import { expect, it } from 'vitest';
import { ConfigError, parseServiceSettings } from '@lp/runtime';
import { analyticsService } from './app.ts';

const settingsFrom = (env: Record<string, string>) => parseServiceSettings([analyticsService], env).get('analytics');

it('keeps 25 months of raw hits unless told otherwise, and takes any whole number from 2 to 1200', () => {
  expect(settingsFrom({})).toEqual({ ANALYTICS_RAW_RETENTION_MONTHS: 25 });
  expect(settingsFrom({ ANALYTICS_RAW_RETENTION_MONTHS: '12' })).toEqual({ ANALYTICS_RAW_RETENTION_MONTHS: 12 });
});

it.each(['1', '1201', 'twelve'])('refuses to start with ANALYTICS_RAW_RETENTION_MONTHS=%s', (bad) => {
  const start = () => settingsFrom({ ANALYTICS_RAW_RETENTION_MONTHS: bad });
  expect(start).toThrow(ConfigError);
  expect(start).toThrow(/analytics: ANALYTICS_RAW_RETENTION_MONTHS: /);
});
