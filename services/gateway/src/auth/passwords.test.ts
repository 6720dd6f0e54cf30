import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

// Each scrypt hash costs about 128 MiB and a few hundred ms by design; on a busy machine three of
// them can pass vitest's 5 s default, which says nothing about the product.
describe('password hashing', { timeout: 30_000 }, () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const h = await hashPassword('correct horse battery');
    expect(h).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(h).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', h)).toBe(true);
    expect(await verifyPassword('correct horse battery!', h)).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});
