import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ConfigError, env, isLocalUrl, parseConfig, processEnvWithDotEnv } from './config.ts';

const Schema = v.object({ PORT: env.int(3000, 1, 65535), NAME: env.string('site') });

describe('configuration', () => {
  it('takes defaults, reads numbers, and treats empty values as unset', () => {
    expect(parseConfig(Schema, { PORT: '8080', NAME: '' })).toEqual({ PORT: 8080, NAME: 'site' });
  });

  it('fails with every problem listed', () => {
    expect(() => parseConfig(Schema, { PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig(Schema, { PORT: '0' })).toThrow(/PORT/);
  });

  it('reads ./.env under the environment, which wins', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lpl-env-')), '.env');
    writeFileSync(file, 'LPL_TEST_FROM_FILE=file\nPATH=not-this\n');
    const merged = processEnvWithDotEnv(file);
    expect(merged.LPL_TEST_FROM_FILE).toBe('file');
    expect(merged.PATH).toBe(process.env.PATH);
    expect(process.env.LPL_TEST_FROM_FILE).toBeUndefined();
    expect(processEnvWithDotEnv(join(tmpdir(), 'no-such-dir', '.env'))).toBe(process.env);
  });

  it('tells local URLs from public ones', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'http://app.localhost'])
      expect(isLocalUrl(url)).toBe(true);
    for (const url of ['https://lakepowelllots.com', 'https://mail.lakepowell.test', 'http://10.0.0.5'])
      expect(isLocalUrl(url)).toBe(false);
  });

  it('takes the site time zone as an IANA name, Phoenix by default, and stops on an unknown one', () => {
    const Zone = v.object({ SITE_TIME_ZONE: env.timeZone('America/Phoenix') });
    expect(parseConfig(Zone, {})).toEqual({ SITE_TIME_ZONE: 'America/Phoenix' });
    expect(parseConfig(Zone, { SITE_TIME_ZONE: 'Europe/Berlin' })).toEqual({ SITE_TIME_ZONE: 'Europe/Berlin' });
    expect(parseConfig(Zone, { SITE_TIME_ZONE: 'UTC' })).toEqual({ SITE_TIME_ZONE: 'UTC' });
    for (const bad of ['Mars/Olympus_Mons', 'MST7MDT; drop table x', '+07:00'])
      expect(() => parseConfig(Zone, { SITE_TIME_ZONE: bad })).toThrow(/SITE_TIME_ZONE: must be an IANA time zone/);
  });
});
