/**
 * POST /api/marketing/auth/login. The server sets the httpOnly session cookie; the returned
 * bearer token is kept in memory only (request helper), never in storage.
 */
import type { LoginRequest, LoginResponse } from '@lp/contracts';
import { apiRequest, setBearerToken } from '../../../lib/api-request';

export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  const res = await apiRequest<LoginResponse>('POST', '/api/marketing/auth/login', credentials);
  setBearerToken(res.token);
  return res;
}
