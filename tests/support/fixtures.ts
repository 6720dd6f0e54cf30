/**
 * Suite fixtures: a stack (and a browser, or an SMTP sink) started in a `beforeAll` and stopped in
 * an `afterAll` of the describe block or file they are declared in. Each answers a stand-in for
 * the thing it starts, usable in the tests, hooks and helpers of that block once the `beforeAll`
 * has run.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { startStack, type Stack } from './stack.ts';

type StackOptions = NonNullable<Parameters<typeof startStack>[0]>;
type FixtureOptions = {
  /** Runs in the same `beforeAll`, right after the start: sign in, seed. */
  setup?: (stack: Stack) => Promise<unknown>;
  /** The `beforeAll`'s timeout (default: the project's hook timeout). */
  timeout?: number;
};

type LateBound<T> = { proxy: T; set(value: T): void; get(): T | undefined };

/**
 * A value set in a hook, read later: `proxy` stands for it (methods bound to it) and throws when
 * read before it is set.
 */
export function lateBound<T extends object>(what: string): LateBound<T> {
  let current: T | undefined;
  const started = () => {
    if (!current) throw new Error(`${what} is not started yet (read in a beforeAll before it, or outside a test)`);
    return current;
  };
  const proxy = new Proxy({} as T, {
    get(_, prop) {
      const target = started();
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
    set: (_, prop, value) => Reflect.set(started(), prop, value),
    has: (_, prop) => !!current && prop in current,
  });
  return { proxy, set: (value) => (current = value), get: () => current };
}

/**
 * A stack started by `start` in one `beforeAll` (then `setup`) and stopped in an `afterAll`,
 * between `close.before` and `close.after`.
 */
function stackForTheBlock(
  { setup, timeout }: FixtureOptions,
  start: () => Promise<Stack>,
  close: { before?: () => Promise<void>; after?: () => Promise<void> } = {},
): Stack {
  const stack = lateBound<Stack>('the stack');
  beforeAll(async () => {
    stack.set(await start());
    await setup?.(stack.proxy);
  }, timeout);
  afterAll(async () => {
    await close.before?.();
    await stack.get()?.stop();
    await close.after?.();
  });
  return stack.proxy;
}

/** The platform started before the block's tests (`startStack(opts)`, then `setup`) and stopped after them. */
export function useStack(opts: StackOptions & FixtureOptions = {}): Stack {
  const { setup, timeout, ...stackOptions } = opts;
  return stackForTheBlock({ setup, timeout }, () => startStack(stackOptions));
}

/**
 * The platform and Chromium, started together before the block's tests (then `setup`) and
 * closed after them, the browser first.
 */
export function useStackAndBrowser(opts: StackOptions & FixtureOptions = {}): { stack: Stack; browser: Browser } {
  const { setup, timeout, ...stackOptions } = opts;
  const browser = lateBound<Browser>('the browser');
  const stack = stackForTheBlock(
    { setup, timeout },
    async () => {
      const [s, b] = await Promise.all([startStack(stackOptions), launchBrowser()]);
      browser.set(b);
      return s;
    },
    { before: async () => browser.get()?.close() },
  );
  return { stack, browser: browser.proxy };
}

/**
 * A real SMTP server on loopback and the platform mailing through it (SMTP_URL, then `env`),
 * started in one `beforeAll` (the sink, the stack, then `setup`) and stopped after the block's
 * tests: the stack, then the sink.
 */
export function useStackAndSmtpSink(
  opts: StackOptions & FixtureOptions & { sink?: Parameters<typeof startSmtpSink>[0] } = {},
): { stack: Stack; sink: SmtpSink } {
  const { setup, timeout, sink: sinkOptions, ...stackOptions } = opts;
  const sink = lateBound<SmtpSink>('the SMTP sink');
  const stack = stackForTheBlock(
    { setup, timeout },
    async () => {
      sink.set(await startSmtpSink(sinkOptions));
      return startStack({ ...stackOptions, env: { SMTP_URL: sink.proxy.url, ...stackOptions.env } });
    },
    { after: async () => sink.get()?.close() },
  );
  return { stack, sink: sink.proxy };
}
