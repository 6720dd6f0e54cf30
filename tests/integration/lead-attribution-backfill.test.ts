/**
 * The one-time backfill of analytics' copy of the form submissions: analytics' durable
 * (`analytics-submissions`) starts at the oldest message the CRM stream retains, so submissions
 * sent before analytics ever ran are replayed into its table and counted by Leads by source.
 * Real backends: the stack runs the gateway and every service but analytics; analytics then
 * starts as `pnpm service analytics` on the same database and bus namespace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LeadsBySource } from '@lp/contracts';
import { ALL_SERVICES } from '../../scripts/services.ts';
import { describeOnRealBackends, eventually, startStack, type Stack } from '../support/stack.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describeOnRealBackends('analytics replays the submissions retained before it first ran', (real) => {
  let stack: Stack;
  let token: string;
  let analytics: ChildProcess | undefined;
  beforeAll(async () => {
    stack = await startStack({
      backend: 'real',
      realBackends: real,
      services: ALL_SERVICES.filter((s) => s.name !== 'analytics'),
    });
    token = await stack.login();
  });
  afterAll(async () => {
    if (analytics?.pid)
      try {
        // Its own process group: whatever pnpm started goes with it.
        process.kill(-analytics.pid, 'SIGTERM');
        await new Promise((r) => analytics!.once('exit', r));
      } catch {
        // Already gone.
      }
    await stack?.stop();
  });

  it('counts a submission sent while analytics had never run', async () => {
    const form = (email: string, sessionId?: string) =>
      stack.api('/api/contact', {
        body: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          phone: '(928) 555-0100',
          email,
          source: 'home',
          website: '',
          ...(sessionId ? { sessionId } : {}),
        },
      });
    expect((await form('ada@example.com')).status).toBe(201);
    expect((await form('ben@example.com', crypto.randomUUID())).status).toBe(201);

    // fetch refuses the WHATWG "bad ports"; this range holds none.
    const healthPort = 8200 + Math.floor(Math.random() * 700);
    let stderr = '';
    analytics = spawn('pnpm', ['service', 'analytics'], {
      cwd: ROOT,
      detached: true,
      env: {
        ...(process.env as Record<string, string>),
        ...stack.env,
        NODE_OPTIONS: '',
        HEALTH_PORT: String(healthPort),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    analytics.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));

    const leads = await eventually(
      async () => {
        if (analytics!.exitCode !== null) throw new Error(`analytics exited (${analytics!.exitCode}): ${stderr}`);
        const res = await stack.api('/api/marketing-dashboard/leads-by-source?days=7', { token });
        if (res.status !== 200) return undefined;
        const body = (await res.json()) as LeadsBySource;
        return body.unattributed === 2 ? body : undefined;
      },
      90_000,
      'both earlier submissions replayed into analytics',
    );
    // Neither visitor has a stored visit: the untracked one and the one whose session analytics never saw.
    expect(leads).toEqual({
      from: expect.any(String),
      to: expect.any(String),
      days: 7,
      sources: [],
      campaigns: [],
      emailCampaigns: [],
      unattributed: 2,
    });
  });
});
