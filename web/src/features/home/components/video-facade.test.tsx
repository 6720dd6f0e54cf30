import { describe, expect, it, vi } from 'vitest';
import { click, render } from '../../../test/render';
import { VideoFacade } from './video-facade';

vi.mock('../../../lib/analytics/tracker', () => ({ trackEvent: vi.fn() }));

describe('VideoFacade', () => {
  it('loads no player until play is pressed, then the no-cookie player of the configured video', async () => {
    const { container } = await render(<VideoFacade videoId="tour123" />);
    expect(container.querySelector('iframe')).toBeNull();
    await click(container.querySelector('button')!);
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/tour123?autoplay=1&rel=0',
    );
  });

  it('offers a live video walk-through when no recorded tour is configured', async () => {
    const { container } = await render(<VideoFacade videoId="" />);
    expect(container.querySelector('iframe, button')).toBeNull();
    expect(container.textContent).toContain('Take a live video tour of the lots');
  });
});
