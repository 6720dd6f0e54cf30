/**
 * Suite fixtures: a stack (and a browser) started in a `beforeAll` and stopped in an `afterAll`
 * of the describe block or file they are declared in. Each answers a stand-in for the thing it
 * starts, usable in the tests, hooks and helpers of that block once the `beforeAll` has run.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startStack, type Stack } from './stack.ts';

type StackOptions = NonNullable<Parameters<typeof startStack>[0]>;
type FixtureOptions = {
  /** Runs in the same `beforeAll`, right after the start: sign in, seed. */
  setup?: (stack: Stack) => Promise<unknown>;
  /** The `beforeAll`'s timeout (default: the project's hook timeout). */
  timeout?: number;
};

/**
 * A value set in a hook, read later: `proxy` stands for it (methods bound to it) and throws when
 * read before it is set.
 */
export function lateBound<T extends object>(what: string): { proxy: T; set(value: T): void; get(): T | undefined } {
  let current: T | undefined;
  const proxy = new Proxy({} as T, {
    get(_, prop) {
      if (!current) throw new Error(`${what} is not started yet (read in a beforeAll before it, or outside a test)`);
      const value: unknown = Reflect.get(current, prop);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(current) : value;
    },
    has: (_, prop) => !!current && prop in current,
  });
  return { proxy, set: (value) => (current = value), get: () => current };
}

/** The platform started before the block's tests (`startStack(opts)`, then `setup`) and stopped after them. */
export function useStack(opts: StackOptions & FixtureOptions = {}): Stack {
  const { setup, timeout, ...stackOptions } = opts;
  const stack = lateBound<Stack>('the stack');
  beforeAll(async () => {
    stack.set(await startStack(stackOptions));
    await setup?.(stack.proxy);
  }, timeout);
  afterAll(() => stack.get()?.stop());
  return stack.proxy;
}

/**
 * The platform and Chromium, started together before the block's tests (then `setup`) and
 * closed after them, the browser first.
 */
export function useStackAndBrowser(opts: StackOptions & FixtureOptions = {}): { stack: Stack; browser: Browser } {
  const { setup, timeout, ...stackOptions } = opts;
  const stack = lateBound<Stack>('the stack');
  const browser = lateBound<Browser>('the browser');
  beforeAll(async () => {
    const [s, b] = await Promise.all([startStack(stackOptions), launchBrowser()]);
    stack.set(s);
    browser.set(b);
    await setup?.(stack.proxy);
  }, timeout);
  afterAll(async () => {
    await browser.get()?.close();
    await stack.get()?.stop();
  });
  return { stack: stack.proxy, browser: browser.proxy };
}
