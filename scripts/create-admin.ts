/**
 * `pnpm admin:create-user <username>`: creates a staff user, or sets a new password for an
 * existing one (signing them out everywhere). The password must meet the staff password policy
 * (`passwordPolicyProblem`). It is read from a hidden prompt,
 * or from standard input with `--password-stdin` (for scripts). Works on DATABASE_URL
 * (distributed mode) or on the embedded database under DATA_DIR — stop `pnpm start` first,
 * the embedded database takes one process at a time.
 */
import { createInterface } from 'node:readline';
import * as v from 'valibot';
import { passwordPolicyProblem } from '@lp/contracts';
import { GATEWAY_MIGRATIONS_DIR, upsertStaffUser } from '@lp/gateway';
import { env, migrate, openPglite, openPostgres, parseConfig } from '@lp/runtime';

const config = parseConfig(v.object({ DATABASE_URL: v.optional(v.string()), DATA_DIR: env.string('./data') }));
const args = process.argv.slice(2);
const username = args.find((a) => !a.startsWith('--'));
if (!username || username.length < 3) {
  process.stderr.write('usage: pnpm admin:create-user <username> [--password-stdin]\n');
  process.exit(2);
}

async function readPassword(): Promise<string> {
  if (args.includes('--password-stdin')) {
    let data = '';
    for await (const chunk of process.stdin) data += String(chunk);
    return data.replace(/\r?\n$/, '');
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const ask = (q: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(q);
      const mute = rl as unknown as { _writeToOutput: (s: string) => void };
      mute._writeToOutput = () => {};
      rl.question('', (answer) => {
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const first = await ask(`New password for ${username}: `);
  const second = await ask('Repeat it: ');
  rl.close();
  if (first !== second) {
    process.stderr.write('The passwords do not match.\n');
    process.exit(1);
  }
  return first;
}

const password = await readPassword();
// The same policy as the dashboard's Staff screen and ADMIN_PASSWORD.
const problem = passwordPolicyProblem(password, username);
if (problem) {
  process.stderr.write(`${problem}.\n`);
  process.exit(1);
}
const db = config.DATABASE_URL
  ? await openPostgres(config.DATABASE_URL, 2)
  : await openPglite({ dataDir: config.DATA_DIR });
try {
  await migrate(db.knex, 'gateway', GATEWAY_MIGRATIONS_DIR);
  // Audited with the change, in the command line's name (no staff member is signed in here).
  const r = await upsertStaffUser(db.knex, username, password, { actorId: null, actor: 'cli' });
  process.stdout.write(
    r.created
      ? `Created staff user "${username}".\n`
      : `Set a new password for "${username}"; their sessions were signed out.\n`,
  );
} finally {
  await db.close();
}
