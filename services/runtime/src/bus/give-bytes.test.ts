import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GIVEN_INLINE_MAX_BYTES } from '@lp/contracts';
import { giveBytes, takeBytes } from './give-bytes.ts';
import { MemoryBus } from './memory-bus.ts';

const asIs = async (data: Buffer) => data;

describe('bytes named in a message', () => {
  it('comes inline up to the threshold, storing nothing', async () => {
    const bus = new MemoryBus();
    const data = randomBytes(GIVEN_INLINE_MAX_BYTES);
    let puts = 0;
    const putLarge = bus.putLarge.bind(bus);
    bus.putLarge = (key, bytes) => {
      puts++;
      return putLarge(key, bytes);
    };
    const given = await giveBytes(bus, 'body', data);
    expect(given).toEqual({ size: data.length, dataBase64: data.toString('base64') });
    expect((await takeBytes(bus, given, asIs)).equals(data)).toBe(true);
    expect(await giveBytes(bus, 'body', Buffer.alloc(0))).toEqual({ size: 0, dataBase64: '' });
    expect(puts).toBe(0);
    await bus.close();
  });

  it('is handed over above it; the taker reads it whole and the key is gone after', async () => {
    const bus = new MemoryBus();
    const data = randomBytes(GIVEN_INLINE_MAX_BYTES + 1);
    const given = await giveBytes(bus, 'image', data);
    if (!('key' in given)) throw new Error('expected a hand-over');
    expect(given.size).toBe(data.length);
    expect(given.key).toMatch(/^image-/);
    expect((await takeBytes(bus, given, asIs)).equals(data)).toBe(true);
    expect(await bus.getLarge(given.key)).toBeUndefined();
    await bus.close();
  });

  it('refuses bytes that are not the size the message names, keeping a hand-over for a retry', async () => {
    const bus = new MemoryBus();
    const inline = await giveBytes(bus, 'body', Buffer.from('four'));
    await expect(takeBytes(bus, { ...inline, size: 5 }, asIs)).rejects.toThrow('4 bytes were given where 5');
    const large = await giveBytes(bus, 'image', randomBytes(GIVEN_INLINE_MAX_BYTES * 2));
    if (!('key' in large)) throw new Error('expected a hand-over');
    await expect(takeBytes(bus, { ...large, size: 1 }, asIs)).rejects.toThrow('were given where 1');
    expect(await bus.getLarge(large.key)).toBeDefined();
    await bus.close();
  });
});
