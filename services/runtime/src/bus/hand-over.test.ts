import { describe, expect, it } from 'vitest';
import { handOver, HandOverMissingError, takeOver } from './hand-over.ts';
import { MemoryBus } from './memory-bus.ts';

describe('hand-over of large payloads', () => {
  it('gives each hand-over its own key; the taker reads the bytes once, after which the key is gone', async () => {
    const bus = new MemoryBus();
    const data = Buffer.alloc(3 * 1024 * 1024, 9);
    const a = await handOver(bus, 'image', data);
    const b = await handOver(bus, 'image', data);
    expect(a.key).toMatch(/^image-[0-9a-f-]{36}$/);
    expect(a.key).not.toBe(b.key);
    expect(a.size).toBe(data.length);
    expect(await takeOver(bus, a.key, async (got) => got.equals(data))).toBe(true);
    await expect(takeOver(bus, a.key, async () => 'again')).rejects.toBeInstanceOf(HandOverMissingError);
    await bus.close();
  });

  it('keeps the bytes when storing them fails, so a retry can take them', async () => {
    const bus = new MemoryBus();
    const { key } = await handOver(bus, 'upload', Buffer.from('kept'));
    await expect(
      takeOver(bus, key, async () => {
        throw new Error('database away');
      }),
    ).rejects.toThrow('database away');
    expect(await takeOver(bus, key, async (got) => got.toString())).toBe('kept');
    await bus.close();
  });
});
