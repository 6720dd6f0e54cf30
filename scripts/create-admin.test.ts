/**
 * `pnpm admin:create-user` holds a new password to the staff password policy, like the Staff
 * screen and ADMIN_PASSWORD: a weak one is refused before the database is opened.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'create-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const createUser = (username: string, password: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', username, '--password-stdin'], {
    cwd: root,
    input: `${password}\n`,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('pnpm admin:create-user', () => {
  it.each([
    ['ten chars1', /at least 12 characters/],
    ['dana-lake-views-2', /must not contain the username/],
  ])(
    'refuses %j and creates nothing',
    (password, reason) => {
      const run = createUser('dana', password);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(reason);
      expect(readdirSync(dataDir)).toEqual([]);
    },
    60_000,
  );
});
