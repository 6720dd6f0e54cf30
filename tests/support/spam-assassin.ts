/**
 * SpamAssassin's score of a raw message with its offline rules (`spamassassin -L -t`; Debian
 * package `spamassassin`) and the rules that scored, or why it could not run. Shared by
 * `pnpm bench:mail-quality` and the tests that hold a message's score down.
 */
import { spawnSync } from 'node:child_process';

export type SpamScore = { score: number; rules: string[] };

export function spamAssassin(raw: Buffer): SpamScore | string {
  const run = spawnSync('spamassassin', ['-L', '-t'], { input: raw, encoding: 'utf8', timeout: 120_000 });
  if (run.error) return `spamassassin not run (${run.error.message}); install the Debian package spamassassin`;
  const score = /Content analysis details:\s+\(([-\d.]+) points/.exec(run.stdout)?.[1];
  if (score === undefined) return `spamassassin gave no score (exit ${run.status}): ${run.stderr.slice(0, 500)}`;
  const rules = run.stdout
    .split('\n')
    .map((line) => /^ *(-?\d+\.\d+) +([A-Z0-9_]+) /.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && Number(m[1]) !== 0)
    .map((m) => `${m[2]} ${m[1]}`);
  return { score: Number(score), rules };
}
