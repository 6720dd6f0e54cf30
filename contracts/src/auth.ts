/** Staff sign-in payloads (server-side sessions; see docs/security.md). */
import * as v from 'valibot';
import { storable } from './text.ts';

export const LoginRequestSchema = v.object({
  username: v.pipe(
    v.optional(v.string('Username is required'), ''),
    v.trim(),
    v.minLength(1, 'Username is required'),
    v.maxLength(100),
    storable(),
  ),
  password: v.pipe(
    v.optional(v.string('Password is required'), ''),
    v.minLength(1, 'Password is required'),
    v.maxLength(500),
  ),
});
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

/** `role`: see STAFF_ROLES in staff-accounts.ts (`owner` manages staff accounts). */
export type StaffUser = { id: number; username: string; role: 'owner' | 'staff' };
/** `timeZone`: the site's (SITE_TIME_ZONE, IANA), in which the dashboard shows every date and time. */
export type SessionInfo = { user: StaffUser; expiresAt: string; timeZone: string };
export type LoginResponse = SessionInfo & { token: string };

export const SESSION_COOKIE = 'lp_session';
