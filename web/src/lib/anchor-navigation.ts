/**
 * Anchor navigation of the header, hero and footer (spec §2): on `/` smooth-scroll directly;
 * elsewhere navigate to `/#anchor` first and scroll after 100 ms, once the home page rendered.
 */
export const ANCHOR_SCROLL_DELAY_MS = 100;

type AnchorNavigationDeps = {
  pathname: string;
  navigate: (to: string) => void;
  scroll: (anchor: string) => void;
  schedule?: (fn: () => void, ms: number) => unknown;
};

export function navigateToAnchor(anchor: string, deps: AnchorNavigationDeps): void {
  const { pathname, navigate, scroll, schedule = setTimeout } = deps;
  if (pathname === '/') {
    scroll(anchor);
    return;
  }
  navigate(`/#${anchor}`);
  schedule(() => scroll(anchor), ANCHOR_SCROLL_DELAY_MS);
}
