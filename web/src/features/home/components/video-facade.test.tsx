import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VideoFacade } from './video-facade';

vi.mock('../../../lib/analytics/tracker', () => ({ trackEvent: vi.fn() }));

describe('VideoFacade', () => {
  it('loads no player until play is pressed, then the no-cookie player of the configured video', async () => {
    const user = userEvent.setup();
    const { container } = render(<VideoFacade videoId="tour123" />);
    expect(container.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button'));
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/tour123?autoplay=1&rel=0',
    );
  });

  it('offers a live video walk-through when no recorded tour is configured', async () => {
    const { container } = render(<VideoFacade videoId="" />);
    expect(container.querySelector('iframe, button')).toBeNull();
    expect(screen.getByText(/Take a live video tour of the lots/)).toBeDefined();
  });
});
