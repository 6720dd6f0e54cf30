/** Minimal DOM test helpers (react-dom + act, no extra library): render, type, wait. */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export async function render(ui: ReactNode, path = '/'): Promise<{ container: HTMLElement; root: Root }> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>));
  return { container, root };
}

/** Sets an input's value the way React notices, then fires input/change. */
export async function type(
  el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  value: string,
): Promise<void> {
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  await act(async () => {
    setter?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export async function click(el: Element): Promise<void> {
  await act(async () => {
    (el as HTMLElement).click();
  });
}

export async function waitFor(check: () => void, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await act(async () => new Promise((r) => setTimeout(r, 20)));
    }
  }
}

export function byLabel(container: HTMLElement, label: string): HTMLInputElement {
  const l = Array.from(container.querySelectorAll('label')).find(
    (x) => x.textContent?.replace(/\s*\*$/, '').trim() === label,
  );
  if (!l) throw new Error(`No label ${label}`);
  return document.getElementById(l.htmlFor) as HTMLInputElement;
}
