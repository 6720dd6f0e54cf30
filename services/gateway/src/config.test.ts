/**
 * ADMIN_PASSWORD is held to the staff password policy: a gateway refuses to start with a first
 * administrator's password the Staff screen would refuse.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@lp/runtime';
import { GatewayConfigSchema } from './config.ts';

const parse = (env: Record<string, string>) => parseConfig(GatewayConfigSchema, env);

describe('ADMIN_PASSWORD', () => {
  it('takes a password the staff policy accepts', () => {
    expect(parse({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'mesa-sunrise-27' }).ADMIN_PASSWORD).toBe(
      'mesa-sunrise-27',
    );
  });

  it.each([
    ['ten chars1', 'at least 12 characters'],
    ['owner-of-the-lake', 'must not contain the username'],
    ['Password-for-lots', 'too easy to guess'],
    ['aaaaaaaaaaaaaa', 'at least 5 different characters'],
  ])('refuses %j (%s)', (password, reason) => {
    let err: unknown;
    try {
      parse({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: password });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect(String((err as ConfigError).message)).toMatch(new RegExp(`ADMIN_PASSWORD: .*${reason}`));
  });
});

describe('HTTP_MAX_CONNECTIONS_PER_ADDRESS', () => {
  it('is unset by default (the server picks by TRUST_PROXY) and takes 0 for no cap', () => {
    expect(parse({}).HTTP_MAX_CONNECTIONS_PER_ADDRESS).toBeUndefined();
    expect(parse({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' }).HTTP_MAX_CONNECTIONS_PER_ADDRESS).toBe(0);
    expect(parse({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '50' }).HTTP_MAX_CONNECTIONS_PER_ADDRESS).toBe(50);
  });

  it('refuses a cap that would let one address hold every connection', () => {
    expect(() => parse({ HTTP_MAX_CONNECTIONS: '100', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '100' })).toThrow(
      /HTTP_MAX_CONNECTIONS_PER_ADDRESS: must be below HTTP_MAX_CONNECTIONS/,
    );
    expect(() => parse({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(/HTTP_MAX_CONNECTIONS_PER_ADDRESS/);
  });
});
