/**
 * The weekly e-mail report staff can have sent to chosen staff accounts: its settings as the
 * dashboard edits them (`GET`/`PUT /api/marketing-dashboard/weekly-report`), as the gateway hands
 * them to the mailer (which owns and stores them, and sends the report), and the test send.
 * Off until turned on; it goes out once a week on a weekday and hour in the site's time zone.
 */
import * as v from 'valibot';
import { contactEmail } from './crm.ts';

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const weekdayName = (weekday: number): string => WEEKDAY_NAMES[weekday - 1] ?? '';

/** At most this many recipients: the report is for a few staff, not a broadcast. */
export const WEEKLY_REPORT_MAX_RECIPIENTS = 20;
/** Sources and lots the report lists. */
export const WEEKLY_REPORT_TOP_N = 5;

const staffId = v.pipe(v.number('Choose a staff account'), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));
const weekday = v.pipe(
  v.number('Choose a weekday'),
  v.integer('Choose a weekday'),
  v.minValue(1, 'Choose a weekday'),
  v.maxValue(7, 'Choose a weekday'),
);
const hour = v.pipe(
  v.number('Choose an hour'),
  v.integer('Choose an hour'),
  v.minValue(0, 'Choose an hour from 0 to 23'),
  v.maxValue(23, 'Choose an hour from 0 to 23'),
);

/** A chosen staff account and the address its report goes to (accounts have no address of their own). */
export const WeeklyReportRecipientFormSchema = v.object({ staffId, email: contactEmail });

/** `PUT /api/marketing-dashboard/weekly-report`: what an owner sets. */
export const WeeklyReportFormSchema = v.pipe(
  v.strictObject(
    {
      enabled: v.boolean('Say whether the report is on'),
      weekday,
      hour,
      recipients: v.pipe(
        v.array(WeeklyReportRecipientFormSchema, 'Choose the recipients'),
        v.maxLength(WEEKLY_REPORT_MAX_RECIPIENTS, `At most ${WEEKLY_REPORT_MAX_RECIPIENTS} recipients`),
        v.check((rs) => new Set(rs.map((r) => r.staffId)).size === rs.length, 'Each account may be chosen once'),
      ),
    },
    'The fields are enabled, weekday, hour and recipients',
  ),
  v.forward(
    v.check((f) => !f.enabled || f.recipients.length > 0, 'Choose at least one recipient to turn the report on'),
    ['recipients'],
  ),
);
export type WeeklyReportForm = v.InferOutput<typeof WeeklyReportFormSchema>;

/** A recipient as stored: the account's username as it was when chosen. */
export const WeeklyReportRecipientSchema = v.object({
  staffId,
  username: v.string(),
  email: v.string(),
});
export type WeeklyReportRecipient = v.InferOutput<typeof WeeklyReportRecipientSchema>;

/** What the gateway asks the mailer to store: the form with usernames checked against the accounts, and who changed it. */
export const WeeklyReportSaveInputSchema = v.object({
  enabled: v.boolean(),
  weekday,
  hour,
  recipients: v.pipe(v.array(WeeklyReportRecipientSchema), v.maxLength(WEEKLY_REPORT_MAX_RECIPIENTS)),
  updatedBy: v.string(),
});

/** The latest report the mailer sent (or tried to): the week it covers and what became of it. */
export const WeeklyReportSendSchema = v.object({
  /** The site day of the slot it was sent for (YYYY-MM-DD). */
  slotDay: v.string(),
  /** The seven days it covers, both included. */
  from: v.string(),
  to: v.string(),
  /**
   * `sending` while it goes out; `sent` (the relay took it for at least one recipient), `failed`,
   * `outbox` (no SMTP configured), `unknown` (its sender stopped before the relay answered: not resent).
   */
  status: v.picklist(['sending', 'sent', 'failed', 'outbox', 'unknown']),
  sentTo: v.number(),
  detail: v.nullable(v.string()),
  at: v.string(),
});
export type WeeklyReportSend = v.InferOutput<typeof WeeklyReportSendSchema>;

/** The settings as stored by the mailer. */
export const WeeklyReportSettingsSchema = v.object({
  enabled: v.boolean(),
  weekday: v.number(),
  hour: v.number(),
  /** The site's time zone (SITE_TIME_ZONE): the weekday and hour are its. */
  timeZone: v.string(),
  recipients: v.array(WeeklyReportRecipientSchema),
  updatedAt: v.nullable(v.string()),
  updatedBy: v.nullable(v.string()),
  lastReport: v.nullable(WeeklyReportSendSchema),
});
export type WeeklyReportSettings = v.InferOutput<typeof WeeklyReportSettingsSchema>;

/** A staff account as the report's recipient picker lists it. */
export type WeeklyReportAccount = { id: number; username: string; disabled: boolean };

/**
 * `GET /api/marketing-dashboard/weekly-report`: the settings, each recipient's account state
 * (`disabled` or `missing` when the account was disabled or removed since it was chosen), the
 * accounts to choose from, and whether the signed-in account may change them (owners).
 */
export type WeeklyReportView = Omit<WeeklyReportSettings, 'recipients'> & {
  recipients: (WeeklyReportRecipient & { account: 'active' | 'disabled' | 'missing' })[];
  accounts: WeeklyReportAccount[];
  canEdit: boolean;
};

/** `POST /api/marketing-dashboard/weekly-report/test`: the last whole week's report, now, to one address. */
export const WeeklyReportTestSchema = v.strictObject({ email: contactEmail }, 'The only field is email');
export const WeeklyReportTestSentSchema = v.object({ delivered: v.boolean(), detail: v.string() });
export type WeeklyReportTestSent = v.InferOutput<typeof WeeklyReportTestSentSchema>;
