import { describe, expect, it } from 'vitest';
import { HashGate, HashGateFullError } from './hash-gate.ts';

describe('hash gate', () => {
  it('runs at most `concurrency` at once, queues a bounded number, refuses the rest', async () => {
    const gate = new HashGate(2, 3);
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const work = () =>
      new Promise<string>((resolve) => {
        running++;
        peak = Math.max(peak, running);
        releases.push(() => {
          running--;
          resolve('done');
        });
      });
    const results = Array.from({ length: 8 }, () => gate.run(work).catch((e: unknown) => e));
    expect(gate.active).toBe(2);
    // Release work as it starts until every admitted call has finished.
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setImmediate(r));
      releases.shift()?.();
    }
    const settled = await Promise.all(results);
    expect(peak).toBe(2);
    expect(settled.filter((r) => r === 'done')).toHaveLength(5);
    expect(settled.filter((r) => r instanceof HashGateFullError)).toHaveLength(3);
    expect(gate.active).toBe(0);
  });
});
