/** Testing Library's `render` inside a router at the given path (pages and forms use links and navigation). */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { FreshCache } from './fresh-cache';

export function renderInRouter(ui: ReactNode, path = '/'): RenderResult {
  return render(ui, {
    wrapper: ({ children }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>,
  });
}

/** A dashboard screen in a router with an SWR cache of its own (see `FreshCache`). */
export function renderScreen(ui: ReactNode, path = '/'): RenderResult {
  return renderInRouter(<FreshCache>{ui}</FreshCache>, path);
}
