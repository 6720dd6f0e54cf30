/**
 * What happens on every new lead: an instant reply to the visitor from a template chosen per
 * interest, and an alert to staff. The settings as the dashboard edits them
 * (`GET`/`PUT /api/marketing/lead-replies/settings`), as the gateway hands them to the mailer
 * (which owns and stores them and sends both messages), and the interest a submission counts as.
 * Everything is off until an owner turns it on.
 */
import * as v from 'valibot';
import { contactEmail } from './crm.ts';
import type { SubmissionFields } from './submissions.ts';

/** The interests a lead is answered by (the forms' many interest options fold into these). */
export const LEAD_INTERESTS = ['lot', 'home', 'builder_package', 'investment', 'general'] as const;
export type LeadInterest = (typeof LEAD_INTERESTS)[number];
export const LEAD_INTEREST_LABELS: Record<LeadInterest, string> = {
  lot: 'Lots',
  home: 'Homes',
  builder_package: 'Builder package',
  investment: 'Investment',
  general: 'General',
};

/** The leads of an interest as the settings name them: "Reply to lot leads" (the noun before "leads" stays singular). */
export const LEAD_INTEREST_LEADS: Record<LeadInterest, string> = {
  lot: 'lot leads',
  home: 'home leads',
  builder_package: 'builder package leads',
  investment: 'investment leads',
  general: 'general leads',
};

/** The forms' interest values (contracts' submissions.ts, both forms) and the interest each counts as. */
const INTEREST_OF_VALUE: Record<string, LeadInterest> = {
  'available lots': 'lot',
  buying: 'home',
  'scheduling a tour': 'home',
  'builder package': 'builder_package',
  investment: 'investment',
  'short term rental investment': 'investment',
};
const INTEREST_OF_SOURCE: Partial<Record<SubmissionFields['source'], LeadInterest>> = {
  'lot-page': 'lot',
  'builder-package-1': 'builder_package',
  investment: 'investment',
};

/**
 * The interest a submission counts as: a lot named makes it a lot lead; else the interest the
 * visitor picked; else the page the form was on; else general.
 */
export function leadInterestOf(s: Pick<SubmissionFields, 'interest' | 'source' | 'lotNumber'>): LeadInterest {
  if (s.lotNumber) return 'lot';
  const picked = s.interest ? INTEREST_OF_VALUE[s.interest.trim().toLowerCase()] : undefined;
  return picked ?? INTEREST_OF_SOURCE[s.source] ?? 'general';
}

export { LEAD_MERGE_TAGS, type LeadMergeTag } from './lead-merge-tags.ts';

export const LEAD_ALERT_MODES = ['all', 'round_robin'] as const;
export type LeadAlertMode = (typeof LEAD_ALERT_MODES)[number];
/** At most this many alert recipients. */
export const LEAD_ALERT_MAX_RECIPIENTS = 20;

const templateId = v.nullable(
  v.pipe(v.number('Choose a template'), v.integer('Choose a template'), v.minValue(1, 'Choose a template')),
);
const staffId = v.pipe(v.number('Choose a staff account'), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));

export const LeadReplyRuleFormSchema = v.pipe(
  v.strictObject(
    { enabled: v.boolean('Say whether the reply is on'), templateId },
    'The fields are enabled and templateId',
  ),
  v.forward(
    v.check((r) => !r.enabled || r.templateId !== null, 'Choose a template to turn the reply on'),
    ['templateId'],
  ),
);

/** An alert recipient: a chosen staff account (with the address it is mailed at), or a typed address. */
export const LeadAlertRecipientFormSchema = v.strictObject(
  { staffId: v.nullable(staffId), email: contactEmail },
  'The fields are staffId and email',
);

/** `PUT /api/marketing/lead-replies/settings`: what an owner sets. */
export const LeadReplySettingsFormSchema = v.strictObject(
  {
    replies: v.strictObject(
      {
        lot: LeadReplyRuleFormSchema,
        home: LeadReplyRuleFormSchema,
        builder_package: LeadReplyRuleFormSchema,
        investment: LeadReplyRuleFormSchema,
        general: LeadReplyRuleFormSchema,
      },
      'Give a reply rule for each interest',
    ),
    alert: v.pipe(
      v.strictObject(
        {
          enabled: v.boolean('Say whether the alert is on'),
          mode: v.picklist(LEAD_ALERT_MODES, 'Choose all or round_robin'),
          recipients: v.pipe(
            v.array(LeadAlertRecipientFormSchema, 'Choose the recipients'),
            v.maxLength(LEAD_ALERT_MAX_RECIPIENTS, `At most ${LEAD_ALERT_MAX_RECIPIENTS} recipients`),
            v.check(
              (rs) => new Set(rs.map((r) => r.email.toLowerCase())).size === rs.length,
              'Each address may be chosen once',
            ),
          ),
        },
        'The fields are enabled, mode and recipients',
      ),
      v.forward(
        v.check((a) => !a.enabled || a.recipients.length > 0, 'Choose at least one recipient to turn the alert on'),
        ['recipients'],
      ),
    ),
  },
  'The fields are replies and alert',
);
export type LeadReplySettingsForm = v.InferOutput<typeof LeadReplySettingsFormSchema>;

const RuleSchema = v.object({ enabled: v.boolean(), templateId: v.nullable(v.number()) });
export const LeadAlertRecipientSchema = v.object({
  staffId: v.nullable(v.number()),
  /** The account's username when it was chosen; null for a typed address. */
  username: v.nullable(v.string()),
  email: v.string(),
});
export type LeadAlertRecipient = v.InferOutput<typeof LeadAlertRecipientSchema>;

const settingsEntries = {
  replies: v.object({
    lot: RuleSchema,
    home: RuleSchema,
    builder_package: RuleSchema,
    investment: RuleSchema,
    general: RuleSchema,
  }),
  alert: v.object({
    enabled: v.boolean(),
    mode: v.picklist(LEAD_ALERT_MODES),
    recipients: v.pipe(v.array(LeadAlertRecipientSchema), v.maxLength(LEAD_ALERT_MAX_RECIPIENTS)),
  }),
};

/** What the gateway asks the mailer to store: the form with usernames checked, and who changed it. */
export const LeadReplySaveInputSchema = v.object({ ...settingsEntries, updatedBy: v.string() });
export type LeadReplySaveInput = v.InferOutput<typeof LeadReplySaveInputSchema>;

/** The settings as stored by the mailer. */
export const LeadReplySettingsSchema = v.object({
  ...settingsEntries,
  updatedAt: v.nullable(v.string()),
  updatedBy: v.nullable(v.string()),
});
export type LeadReplySettings = v.InferOutput<typeof LeadReplySettingsSchema>;

/** `GET /api/marketing/lead-replies/settings`: the settings, the staff accounts to choose from, and whether the caller may edit. */
export type LeadReplySettingsView = LeadReplySettings & {
  accounts: { id: number; username: string; disabled: boolean }[];
  canEdit: boolean;
};
