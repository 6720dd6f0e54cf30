import { beforeEach, describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS, dismissToast, getToasts, toast } from './toast-store';

beforeEach(() => dismissToast());

describe('toast store', () => {
  it('shows one toast at a time, the newest replacing the older', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', description: 'd', variant: 'destructive' });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({
      title: 'Second',
      description: 'd',
      variant: 'destructive',
      durationMs: TOAST_DURATION_MS,
    });
  });

  it('defaults to the default variant and 5000 ms, and dismisses by id', () => {
    const id = toast({ title: 'Hi' });
    expect(getToasts()[0]).toMatchObject({ variant: 'default', durationMs: 5000 });
    dismissToast(id);
    expect(getToasts()).toHaveLength(0);
  });
});
