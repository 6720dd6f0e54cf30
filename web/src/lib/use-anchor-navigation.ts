/** React binding of `navigateToAnchor` for the current location. */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { navigateToAnchor } from './anchor-navigation';
import { scrollToAnchorWhenReady } from './scroll';

export function useAnchorNavigation(): (anchor: string) => void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (anchor: string) => navigateToAnchor(anchor, { pathname, navigate, scroll: (a) => scrollToAnchorWhenReady(a) }),
    [pathname, navigate],
  );
}
