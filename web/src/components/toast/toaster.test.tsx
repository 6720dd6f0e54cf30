import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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

afterEach(() => {
  act(() => dismissToast());
});

describe('Toaster', () => {
  it('has its live lists in the page before any toast arrives', async () => {
    render(<Toaster />);
    const lists = screen.getByRole('region', { name: 'Notifications (F8)' }).querySelectorAll('[aria-live]');
    expect(Array.from(lists, (l) => l.getAttribute('aria-live'))).toEqual(['polite', 'assertive']);
  });

  it('announces each toast through exactly one live region: polite, or assertive when destructive', async () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Saved', description: 'All good' }));
    const polite = liveMechanisms(screen.getByText('Saved'));
    expect(polite).toHaveLength(1);
    expect(polite[0]!.getAttribute('aria-live')).toBe('polite');

    act(() => void toast({ title: 'Failed', variant: 'destructive' }));
    expect(screen.queryByText('Saved')).toBeNull();
    const assertive = liveMechanisms(screen.getByText('Failed'));
    expect(assertive).toHaveLength(1);
    expect(assertive[0]!.getAttribute('aria-live')).toBe('assertive');
  });
});
