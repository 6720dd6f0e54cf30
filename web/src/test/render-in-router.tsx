/** Testing Library's `render` inside a router at the given path (pages and forms use links and navigation). */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';

export function renderInRouter(ui: ReactNode, path = '/'): RenderResult {
  return render(ui, {
    wrapper: ({ children }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>,
  });
}
