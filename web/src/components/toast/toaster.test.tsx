import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../test/render';
import { dismissToast, toast } from './toast-store';
import { Toaster } from './toaster';

const LIVE_ROLES = new Set(['status', 'alert', 'log', 'marquee', 'timer']);

/** Every element from `el` up that would announce a change inside it. */
function liveMechanisms(el: Element): Element[] {
  const found: Element[] = [];
  for (let e: Element | null = el; e; e = e.parentElement) {
    if (e.hasAttribute('aria-live') || LIVE_ROLES.has(e.getAttribute('role') ?? '')) found.push(e);
  }
  return found;
}
const textEl = (text: string) => Array.from(document.querySelectorAll('p')).find((p) => p.textContent === text)!;

afterEach(() => {
  act(() => dismissToast());
  document.body.innerHTML = '';
});

describe('Toaster', () => {
  it('has its live lists in the page before any toast arrives', async () => {
    await render(<Toaster />);
    const lists = document.querySelectorAll('section[aria-label="Notifications (F8)"] [aria-live]');
    expect(Array.from(lists, (l) => l.getAttribute('aria-live'))).toEqual(['polite', 'assertive']);
  });

  it('announces each toast through exactly one live region: polite, or assertive when destructive', async () => {
    await render(<Toaster />);
    act(() => void toast({ title: 'Saved', description: 'All good' }));
    const polite = liveMechanisms(textEl('Saved'));
    expect(polite).toHaveLength(1);
    expect(polite[0]!.getAttribute('aria-live')).toBe('polite');

    act(() => void toast({ title: 'Failed', variant: 'destructive' }));
    expect(textEl('Saved')).toBeUndefined();
    const assertive = liveMechanisms(textEl('Failed'));
    expect(assertive).toHaveLength(1);
    expect(assertive[0]!.getAttribute('aria-live')).toBe('assertive');
  });
});
