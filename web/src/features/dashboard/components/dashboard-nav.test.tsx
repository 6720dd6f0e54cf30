import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../../../test/render-in-router';
import { DashboardNav } from './dashboard-nav';

const links = () =>
  within(screen.getByRole('navigation', { name: 'Dashboard' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('dashboard nav', () => {
  it('shows every staff member the Audit log, and owners alone the Staff screen', () => {
    const { unmount } = renderInRouter(<DashboardNav />);
    expect(links()).toContain('Audit log');
    expect(links()).not.toContain('Staff');
    unmount();
    renderInRouter(<DashboardNav isOwner />);
    expect(links().slice(-2)).toEqual(['Audit log', 'Staff']);
  });
});

describe('dashboard nav on a phone', () => {
  it('lists Campaigns, active on a campaign page, and names the current screen on the Menu button', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    renderInRouter(<DashboardNav />, '/marketing/campaigns/12');
    const menu = screen.getByRole('button', { name: /Menu · Campaigns/ });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: 'Campaigns' }).getAttribute('aria-current')).toBe('page');

    await userEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('dashboard-nav-entries')?.classList.contains('flex')).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Inbox' }));
    expect(screen.getByRole('button', { name: /Menu · Inbox/ }).getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('dashboard-nav-entries')?.classList.contains('hidden')).toBe(true);
  });
});
