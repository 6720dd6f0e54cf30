/**
 * The send benchmark's SMTP sink, in a process of its own so that neither the bare loop nor the
 * product shares an event loop with it: an smtp-server on loopback that accepts everything and
 * counts. Over IPC it sends `{ url }` once listening, and `{ count, firstAt, lastAt }` (epoch
 * milliseconds) once `{ waitFor: n }` messages were accepted; `{ reset: true }` starts over.
 */
import { SMTPServer } from 'smtp-server';

const now = () => performance.timeOrigin + performance.now();
let count = 0;
let firstAt = 0;
let target = Infinity;

const report = () => {
  if (count < target) return;
  target = Infinity;
  process.send!({ count, firstAt, lastAt: now() });
};

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, cb) {
    stream.on('data', () => {});
    stream.on('end', () => {
      if (count++ === 0) firstAt = now();
      cb();
      report();
    });
  },
});
server.on('error', () => {});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.server.address() as { port: number };
  process.send!({ url: `smtp://127.0.0.1:${port}` });
});
process.on('message', (m: { reset?: boolean; waitFor?: number; close?: boolean }) => {
  if (m.reset) {
    count = 0;
    firstAt = 0;
  }
  if (m.waitFor !== undefined) {
    target = m.waitFor;
    report();
  }
  if (m.close) server.close(() => process.exit(0));
});
