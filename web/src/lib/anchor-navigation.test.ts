import { describe, expect, it, vi } from 'vitest';
import { ANCHOR_SCROLL_DELAY_MS, navigateToAnchor } from './anchor-navigation';

describe('navigateToAnchor', () => {
  it('scrolls directly on the home page without navigating', () => {
    const navigate = vi.fn();
    const scroll = vi.fn();
    navigateToAnchor('map', { pathname: '/', navigate, scroll });
    expect(scroll).toHaveBeenCalledWith('map');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('from another page goes to /#anchor, then scrolls after 100 ms', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    navigateToAnchor('financing', {
      pathname: '/market',
      navigate: (to) => calls.push(`navigate ${to}`),
      scroll: (a) => calls.push(`scroll ${a}`),
    });
    expect(calls).toEqual(['navigate /#financing']);
    vi.advanceTimersByTime(ANCHOR_SCROLL_DELAY_MS - 1);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['navigate /#financing', 'scroll financing']);
    vi.useRealTimers();
  });
});
