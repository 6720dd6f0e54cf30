/** A TCP hop between a process and NATS or PostgreSQL that a test can cut and restore (an outage). */
import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export class CuttableProxy {
  private server: Server | undefined;
  private sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    if (this.server?.listening) return;
    this.server = createServer((client) => {
      const upstream = tcpConnect(this.target);
      // Either side gone (a clean close or a reset, as when a process is killed) ends the other,
      // as a direct connection would: a server never keeps a dead client's session open.
      const pair = [client, upstream] as const;
      for (const [s, other] of [pair, [upstream, client] as const]) {
        this.sockets.add(s);
        s.on('close', () => {
          this.sockets.delete(s);
          other.destroy();
        });
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server!.address() as AddressInfo).port;
  }

  async down(): Promise<void> {
    if (!this.server?.listening) return;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server?.close(() => r()));
  }
}
