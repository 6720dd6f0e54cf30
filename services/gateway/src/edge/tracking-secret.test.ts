import { describe, expect, it } from 'vitest';
import type { Logger } from '@lp/runtime';
import { createTrackingSecret, type TrackingKeySource } from './tracking-secret.ts';

const KEY = 'the-mailers-generated-key-0123456789';

/** A logger whose every line is kept (fields and message as JSON), to check that the key never appears in it. */
function capturedLog() {
  const lines: string[] = [];
  const line = (level: string) => (fields: object | string, msg?: string) =>
    void lines.push(
      JSON.stringify(
        typeof fields === 'string' ? { level, msg: fields } : { level, ...fields, msg },
        (_k, v: unknown) => (v instanceof Error ? { message: v.message } : v),
      ),
    );
  const log = { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
  return { log: log as unknown as Logger, lines };
}

/** A gateway table and a mailer that fail the first `failures.x` times, recording each call in order. */
function fakeSource(init: {
  stored?: string;
  mailerKey?: string;
  failures?: Partial<Record<keyof TrackingKeySource, number>>;
}) {
  const calls: string[] = [];
  let stored = init.stored;
  const failures = { readStored: 0, store: 0, askMailer: 0, ...init.failures };
  const step = <T>(name: keyof TrackingKeySource, answer: () => T): Promise<T> => {
    calls.push(name);
    if (failures[name] > 0) {
      failures[name]--;
      return Promise.reject(new Error(`${name} unavailable`));
    }
    return Promise.resolve(answer());
  };
  const source: TrackingKeySource = {
    readStored: () => step('readStored', () => stored),
    store: (key) => step('store', () => void (stored = key)),
    askMailer: () =>
      step('askMailer', () => {
        if (init.mailerKey === undefined) throw new Error('no mailer');
        return init.mailerKey;
      }),
  };
  return { source, calls, stored: () => stored };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('createTrackingSecret', () => {
  it('answers TRACKING_SECRET when configured, and neither reads its table nor asks the mailer', async () => {
    const fake = fakeSource({ stored: 'stored-key-0123456789', mailerKey: KEY });
    const secret = createTrackingSecret('configured-secret-0123', fake.source, capturedLog().log);
    secret.start();
    expect(await secret.get()).toBe('configured-secret-0123');
    await secret.stop();
    expect(fake.calls).toEqual([]);
  });

  it('answers its stored copy without asking the mailer (the mailer may be away after a restart)', async () => {
    const fake = fakeSource({ stored: 'stored-key-0123456789' });
    const secret = createTrackingSecret(undefined, fake.source, capturedLog().log);
    secret.start();
    // Waits for the local read just after boot: the first click is not sent to the mailer.
    expect(await secret.get()).toBe('stored-key-0123456789');
    await secret.stop();
    expect(fake.calls).toEqual(['readStored']);
  });

  it('asks the mailer when it has no copy, stores the answer and keeps it, never logging it', async () => {
    const { log, lines } = capturedLog();
    const fake = fakeSource({ mailerKey: KEY });
    const secret = createTrackingSecret(undefined, fake.source, log, { firstMs: 1 });
    expect(await secret.get()).toBeUndefined();
    secret.start();
    await until(() => fake.stored() === KEY);
    expect(fake.calls).toEqual(['readStored', 'askMailer', 'store']);
    expect(await secret.get()).toBe(KEY);
    expect(await secret.get()).toBe(KEY);
    await secret.stop();
    expect(fake.calls).toHaveLength(3);
    expect(lines.join('')).toContain('tracking key received from the mailer');
    expect(lines.join('')).not.toContain(KEY);
  });

  it('retries with a growing back-off while the mailer is away, answering undefined meanwhile', async () => {
    const { log, lines } = capturedLog();
    const fake = fakeSource({ mailerKey: KEY, failures: { askMailer: 3, store: 1 } });
    const secret = createTrackingSecret(undefined, fake.source, log, { firstMs: 10, maxMs: 25 });
    secret.start();
    expect(await secret.get()).toBeUndefined();
    await until(() => fake.stored() === KEY);
    // Each failed attempt reads its own table again first (another replica may have stored it).
    expect(fake.calls).toEqual([
      'readStored',
      'askMailer',
      'readStored',
      'askMailer',
      'readStored',
      'askMailer',
      'readStored',
      'askMailer',
      'store',
      'store',
    ]);
    const waits = lines.map((l) => JSON.parse(l) as { retryInMs?: number }).flatMap((l) => l.retryInMs ?? []);
    expect(waits).toEqual([10, 20, 25, 25]);
    expect(await secret.get()).toBe(KEY);
    await secret.stop();
    expect(lines.join('')).not.toContain(KEY);
  });

  it('stops retrying when stopped', async () => {
    const fake = fakeSource({});
    const secret = createTrackingSecret(undefined, fake.source, capturedLog().log, { firstMs: 60_000 });
    secret.start();
    await until(() => fake.calls.length === 2);
    await secret.stop();
    expect(fake.calls).toEqual(['readStored', 'askMailer']);
    expect(await secret.get()).toBeUndefined();
  });
});
