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
