/**
 * Staff accounts as the owner manages them in the dashboard (`/api/marketing/staff`), the
 * password policy every new or reset password meets, and the audit log of staff actions
 * (`GET /api/marketing/audit`, newest first, a page at a time).
 */
import * as v from 'valibot';
import { storable } from './text.ts';

/** `owner` manages staff accounts; `staff` uses the rest of the dashboard. */
export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
const COMMON = ['password', 'qwerty', '123456', 'letmein', 'welcome', 'lakepowell', 'iloveyou', 'admin'];

/**
 * The password policy: 12 to 200 characters, at least 5 different characters, not containing
 * the username, not built on a well-known password. Returns what is wrong, or null.
 */
export function passwordPolicyProblem(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  if (new Set(password).size < 5) return 'Use at least 5 different characters';
  const lower = password.toLowerCase();
  if (username.trim().length >= 3 && lower.includes(username.trim().toLowerCase()))
    return 'The password must not contain the username';
  if (COMMON.some((c) => lower.includes(c))) return 'This password is too easy to guess';
  return null;
}

const Username = v.pipe(
  v.string('Username is required'),
  v.trim(),
  v.minLength(3, 'Use at least 3 characters'),
  v.maxLength(100, 'Use at most 100 characters'),
  v.regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits, dot, dash, underscore or @'),
);
const Password = v.pipe(v.string('Password is required'), v.maxLength(PASSWORD_MAX_LENGTH), storable());

export const StaffAccountCreateSchema = v.pipe(
  v.object({ username: Username, password: Password, role: v.optional(v.picklist(STAFF_ROLES), 'staff') }),
  v.forward(
    v.check((a) => passwordPolicyProblem(a.password, a.username) === null, 'The password does not meet the policy'),
    ['password'],
  ),
);
export type StaffAccountCreate = v.InferOutput<typeof StaffAccountCreateSchema>;

/** A new password for an account; checked against its username by the route. */
export const StaffPasswordResetSchema = v.object({ password: Password });

export type StaffAccount = {
  id: number;
  username: string;
  role: StaffRole;
  disabled: boolean;
  createdAt: string;
  lastLoginAt: string | null;
};

/** What staff actions are audited (other features add theirs here). */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_out',
  'staff.create',
  'staff.disable',
  'staff.enable',
  'staff.reset_password',
  'blog.create',
  'blog.publish',
  'blog.unpublish',
  'blog.delete',
  'dead_letter.replay',
  'email.send',
  'email.test_send',
  'campaign.create',
  'campaign.schedule',
  'campaign.pause',
  'campaign.resume',
  'campaign.resend_unknown',
  'campaign.follow_up',
  'campaign.ab_winner',
  'contacts.import',
  'contact.create',
  'contact.update',
  'contact.delete',
  'custom_field.create',
  'custom_field.update',
  'custom_field.delete',
  'segment.create',
  'segment.update',
  'segment.delete',
  'contacts.add_to_list',
  'contacts.bulk_add_to_list',
  'contacts.bulk_remove_from_list',
  'contacts.bulk_set_status',
  'contacts.bulk_delete',
  'list.create',
  'list.update',
  'list.duplicate',
  'list.remove_contact',
  'list.delete',
  'template.create',
  'template.update',
  'template.duplicate',
  'template.delete',
  'blog.update',
  'lot.update',
  'inbox.delete',
  'inbox.mark_read',
  'inbox.mark_unread',
  'inbox.archive',
  'inbox.unarchive',
  'goal.create',
  'goal.update',
  'goal.delete',
  'weekly_report.update',
  'weekly_report.test_send',
  'lead_replies.update',
  'contact.call_logged',
  'journey.create',
  'journey.update',
  'journey.pause',
  'journey.resume',
  'journey.delete',
  'journey.enter',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Whether the action took effect: an entry is written `pending` before the action, then marked
 * `done`, `failed` (refused, nothing changed) or `unknown` (it may or may not have happened).
 * One left `pending` never got its answer recorded: it claims nothing either way.
 */
export const AUDIT_OUTCOMES = ['pending', 'done', 'failed', 'unknown'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export type AuditEntry = {
  /** Decimal digits (a bigserial); the cursor of the next page is the last one shown. */
  id: string;
  at: string;
  actor: string;
  action: AuditAction;
  outcome: AuditOutcome;
  target: string | null;
  details: Record<string, unknown>;
};
export type AuditPage = { entries: AuditEntry[]; nextCursor: string | null };

export const AUDIT_PAGE_MAX = 200;
export const AuditListQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'limit must be 1-200'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(AUDIT_PAGE_MAX),
    ),
    '50',
  ),
  cursor: v.optional(v.pipe(v.string(), v.regex(/^\d{1,18}$/, 'cursor must be an entry id'))),
});
