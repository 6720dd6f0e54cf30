/**
 * A real SMTP server on loopback (smtp-server) that keeps every message it accepts, parsed
 * (mailparser), for tests that assert what recipients receive. `rejectWith` makes it answer
 * RCPT TO for an address with a given reply (e.g. a 550 or a 451). `stop()` / `start()` take it
 * off its port and back (a relay outage: connections refused, open ones cut).
 */
import type { Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** `at`: when the sink accepted it (epoch ms). */
export type SinkMessage = { to: string; raw: string; parsed: ParsedMail; at: number };

export type SmtpSink = {
  url: string;
  messages: SinkMessage[];
  /** Replies for RCPT TO <address>: `{ code, message }`, removed with `delete`. */
  rejectWith: Map<string, { code: number; message: string }>;
  /** Milliseconds the sink takes over each message before accepting it (a slow server); 0 by default. */
  delayMs: number;
  /** Stops listening and cuts every open connection: the relay is away. */
  stop(): Promise<void>;
  /** Listens on its port again. */
  start(): Promise<void>;
  close(): Promise<void>;
};

export async function startSmtpSink(opts: { parse?: boolean } = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const state = { delayMs: 0 };
  const slowly = (fn: () => void) => (state.delayMs > 0 ? setTimeout(fn, state.delayMs) : fn());
  const rejectWith = new Map<string, { code: number; message: string }>();
  const options: ConstructorParameters<typeof SMTPServer>[0] = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, cb) {
      const r = rejectWith.get(address.address.toLowerCase());
      if (!r) return cb();
      const err = new Error(r.message) as Error & { responseCode: number };
      err.responseCode = r.code;
      cb(err);
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('error', (err: Error) => cb(err));
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () =>
        slowly(() => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
          if (opts.parse === false) {
            messages.push({ to, raw, parsed: undefined as unknown as ParsedMail, at: Date.now() });
            return cb();
          }
          simpleParser(raw).then(
            (parsed) => {
              messages.push({ to, raw, parsed, at: Date.now() });
              cb();
            },
            (err: Error) => cb(err),
          );
        }),
      );
    },
  };
  // A sender killed mid-message (the crash tests) resets its connection: the sink carries on, as a
  // real mail server does, instead of the reset surfacing as an uncaught error in the test run.
  let server: SMTPServer;
  const sockets = new Set<Socket>();
  const listen = async (onPort: number) => {
    server = new SMTPServer(options);
    server.on('error', () => {});
    server.server.on('connection', (s: Socket) => {
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(onPort, '127.0.0.1', resolve));
    return (server.server.address() as { port: number }).port;
  };
  const port = await listen(0);
  let listening = true;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    rejectWith,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    stop: async () => {
      if (!listening) return;
      listening = false;
      const closed = new Promise<void>((resolve) => server.server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
    start: async () => {
      if (listening) return;
      await listen(port);
      listening = true;
    },
    close: async () => {
      if (!listening) return;
      listening = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
