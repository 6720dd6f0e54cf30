/** POST /api/marketing/auth/logout: revokes the session; the in-memory token is dropped either way. */
import { apiRequest, setBearerToken } from '../../../lib/api-request';

export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/marketing/auth/logout');
  } finally {
    setBearerToken(null);
  }
}
