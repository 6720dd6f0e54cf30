import { describe, expect, it } from 'vitest';
import { HashGate, HashGateFullError } from './hash-gate.ts';

/** Work that runs until released, recording how many run at once and in which order they start. */
function controlledWork() {
  let running = 0;
  let peak = 0;
  const started: string[] = [];
  const releases: (() => void)[] = [];
  const work = (label: string) => () =>
    new Promise<string>((resolve) => {
      running++;
      peak = Math.max(peak, running);
      started.push(label);
      releases.push(() => {
        running--;
        resolve(label);
      });
    });
  const tick = () => new Promise((r) => setImmediate(r));
  return { work, started, releases, tick, peak: () => peak };
}

describe('hash gate', () => {
  it('runs at most `concurrency` at once, queues a bounded number, refuses the rest', async () => {
    const gate = new HashGate({ concurrency: 2, queue: 3, perAddress: 100 });
    const { work, releases, tick, peak } = controlledWork();
    const results = Array.from({ length: 8 }, () => gate.run('203.0.113.9', work('done')).catch((e: unknown) => e));
    expect(gate.active).toBe(2);
    // Release work as it starts until every admitted call has finished.
    for (let i = 0; i < 5; i++) {
      await tick();
      releases.shift()?.();
    }
    const settled = await Promise.all(results);
    expect(peak()).toBe(2);
    expect(settled.filter((r) => r === 'done')).toHaveLength(5);
    expect(settled.filter((r) => r instanceof HashGateFullError)).toHaveLength(3);
    expect(gate.active).toBe(0);
    expect(gate.waiting).toBe(0);
  });

  it('gives an address with no failures a place and a prompt turn while five others flood', async () => {
    const gate = new HashGate({ concurrency: 1, queue: 4, perAddress: 3 });
    const { work, started, releases, tick } = controlledWork();
    const flood = Array.from({ length: 100 }, (_, i) =>
      gate.run(`198.51.100.${i % 5}`, work(`flood${i % 5}`), { clean: i < 5 }).catch((e: unknown) => e),
    );
    const owner = gate.run('203.0.113.9', work('owner'), { clean: true });
    // One flood hash runs; the owner waits behind at most one sign-in of each address ahead of it.
    for (let i = 0; i < 6 && !started.includes('owner'); i++) {
      await tick();
      releases.shift()?.();
    }
    await tick();
    expect(started).toContain('owner');
    expect(started.length).toBeLessThanOrEqual(6);
    while (releases.length) {
      releases.shift()?.();
      await tick();
    }
    expect(await owner).toBe('owner');
    const refused = (await Promise.all(flood)).filter((r) => r instanceof HashGateFullError);
    // The queue holds 4: past their first sign-in, the flooding addresses are refused for their address.
    expect(refused.length).toBeGreaterThanOrEqual(90);
    expect(refused.filter((e) => e.scope === 'address').length).toBeGreaterThanOrEqual(85);
    expect(gate.active).toBe(0);
  });

  it('serves waiting addresses in turn, not in arrival order', async () => {
    const gate = new HashGate({ concurrency: 1, queue: 10, perAddress: 10 });
    const { work, started, releases, tick } = controlledWork();
    const all = [
      ...['a', 'a', 'a', 'a'].map((a) => gate.run(a, work(a))),
      ...['b', 'c'].map((a) => gate.run(a, work(a))),
    ];
    while (started.length < 6) {
      await tick();
      releases.shift()?.();
    }
    releases.shift()?.();
    await Promise.all(all);
    expect(started).toEqual(['a', 'a', 'b', 'c', 'a', 'a']);
  });
});
