/** Wraps a subtree in SWR with the spec's defaults (see lib/swr-defaults). */
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { swrDefaults } from '../lib/swr-defaults';

export function SwrProvider({ children }: { children: ReactNode }) {
  return <SWRConfig value={swrDefaults}>{children}</SWRConfig>;
}
