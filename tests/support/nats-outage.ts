/**
 * A suite on the real backends whose NATS a test can take away: the stack reaches the run's NATS
 * through a CuttableProxy, so `nats.proxy.down()` is an outage and `nats.proxy.up()` its end.
 * Without real backends the suite shows as one skipped test naming the reason.
 */
import { afterAll } from 'vitest';
import { CuttableProxy } from './cuttable-proxy.ts';
import { describeOnRealBackends, startStack, type Stack } from './stack.ts';

export type CuttableNats = {
  proxy: CuttableProxy;
  /** Brings the hop up and starts a stack on the real database and on NATS through it (stopped after the suite). */
  startStackViaProxy(): Promise<Stack>;
};

export function describeWithCuttableNats(title: string, body: (nats: CuttableNats) => void): void {
  describeOnRealBackends(title, (real) => {
    const natsUrl = new URL(real.natsUrl);
    const proxy = new CuttableProxy({ host: natsUrl.hostname, port: Number(natsUrl.port || 4222) });
    let stack: Stack | undefined;
    afterAll(async () => {
      await proxy.up().catch(() => {});
      await stack?.stop();
      await proxy.down();
    });
    body({
      proxy,
      startStackViaProxy: async () => {
        await proxy.up();
        stack = await startStack({
          backend: 'real',
          realBackends: { databaseUrl: real.databaseUrl, natsUrl: `nats://127.0.0.1:${proxy.port}` },
        });
        return stack;
      },
    });
  });
}
