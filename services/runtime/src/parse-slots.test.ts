/**
 * Admission of inbound posts: at most `concurrency` parse at once, `queue` more wait in arrival
 * order, and one beyond both is refused; a waiter that hangs up gives its place back.
 */
import { describe, expect, it } from 'vitest';
import { parseSlots } from './parse-slots.ts';

const never = new AbortController().signal;
const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

describe('parse slots', () => {
  it('runs `concurrency` at once, queues `queue` more in order, and refuses beyond', async () => {
    const slots = parseSlots(2, 2);
    const a = slots.admit()!;
    const b = slots.admit()!;
    const c = slots.admit()!;
    const d = slots.admit()!;
    expect(slots.admit()).toBeNull();
    await a.turn(never);
    await b.turn(never);
    const cTurn = c.turn(never);
    const dTurn = d.turn(never);
    expect(await settled(cTurn)).toBe(false);
    a.release();
    expect(await settled(cTurn)).toBe(true);
    expect(await settled(dTurn)).toBe(false);
    expect(slots.running).toBe(2);
    // A released place admits a newcomer, who waits behind d.
    const e = slots.admit()!;
    expect(e).not.toBeNull();
    const eTurn = e.turn(never);
    b.release();
    expect(await settled(dTurn)).toBe(true);
    expect(await settled(eTurn)).toBe(false);
    c.release();
    d.release();
    await eTurn;
    e.release();
    e.release();
    expect([slots.running, slots.admitted]).toEqual([0, 0]);
  });

  it('gives the place of a waiter that aborts back, and never hands it the slot', async () => {
    const slots = parseSlots(1, 1);
    const a = slots.admit()!;
    await a.turn(never);
    const b = slots.admit()!;
    const hangUp = new AbortController();
    const bTurn = b.turn(hangUp.signal);
    hangUp.abort(new Error('hung up'));
    await expect(bTurn).rejects.toThrow('hung up');
    b.release();
    const c = slots.admit()!;
    expect(c).not.toBeNull();
    const cTurn = c.turn(never);
    a.release();
    await cTurn;
    expect(slots.running).toBe(1);
    c.release();
    expect([slots.running, slots.admitted]).toEqual([0, 0]);
  });
});
