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
