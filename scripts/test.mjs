#!/usr/bin/env node
/**
 * `pnpm test`: builds the web app (browser tests drive the real build), runs every vitest
 * project, and ends with the plain line `N passed, N failed, N skipped` read from vitest's
 * JSON report. Exits non-zero on any failure.
 * Browser tests need Chromium (/usr/bin/chromium or CHROMIUM_PATH); without it they are
 * skipped with a notice — except under CI=true, where that is a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const ci = process.env.CI === 'true';
const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && existsSync(p),
);
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', shell: false }).status ?? 1;

if (run('pnpm', ['build']) !== 0) {
  process.stdout.write('0 passed, 1 failed\n');
  process.exit(1);
}

const projects = ['unit', 'web', 'integration', 'integration-serial'];
if (chromium) projects.push('e2e');
else if (ci) {
  process.stderr.write('CI=true but Chromium is missing (install the chromium package or set CHROMIUM_PATH)\n');
  process.stdout.write('0 passed, 1 failed\n');
  process.exit(1);
} else process.stdout.write('\n[tests] Chromium not found: browser tests skipped (apt-get install chromium)\n\n');

mkdirSync('.tmp', { recursive: true });
const report = '.tmp/vitest-report.json';
const status = run('pnpm', [
  'exec',
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests;
  skipped = r.numPendingTests + r.numTodoTests;
  if (!r.success && failed === 0) failed = 1;
} catch {
  failed = Math.max(failed, 1);
}
process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(status !== 0 || failed > 0 ? 1 : 0);
