/** GET /api/marketing/auth/session: who is signed in (the httpOnly cookie), or null. */
import useSWR from 'swr';
import type { SessionInfo } from '@lp/contracts';
import { getQueryFn } from '../../../lib/api-request';

export const SESSION_KEY = '/api/marketing/auth/session';
const fetchSession = getQueryFn({ on401: 'returnNull' });

export function useSession() {
  return useSWR<SessionInfo | null>(SESSION_KEY, (key: string) => fetchSession<SessionInfo>(key));
}
