/** The app's SWR settings with a cache of its own, so no test sees another's answers. */
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { swrDefaults } from '../lib/swr-defaults';

export function FreshCache({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ ...swrDefaults, provider: () => new Map() }}>{children}</SWRConfig>;
}

/** SWR's own settings (no app fetcher) with a cache of the test's own. */
export const withOwnCache = (ui: ReactNode) => <SWRConfig value={{ provider: () => new Map() }}>{ui}</SWRConfig>;
