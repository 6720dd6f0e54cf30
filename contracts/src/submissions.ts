/**
 * Form submissions: the contact page's form, the shared form of the home, market,
 * investment and builder pages, and the event that carries a stored submission to crm.
 * The web forms, the gateway and the crm consumer all validate with these schemas.
 */
import * as v from 'valibot';
import { pageQueryEntries } from './query-string.ts';
import { EventMetaSchema } from './events.ts';
import { LocationSchema } from './location.ts';
import { storable } from './text.ts';

// A missing field is read as '' so the person sees the field's own message, not a type error.
const required = (message: string, max = 100) =>
  v.pipe(
    v.optional(v.string(message), ''),
    v.trim(),
    v.minLength(1, message),
    v.maxLength(max, `At most ${max} characters`),
    storable(),
  );

const phone = v.pipe(
  v.optional(v.string('Valid phone number is required'), ''),
  v.trim(),
  v.minLength(10, 'Valid phone number is required'),
  v.maxLength(40, 'Valid phone number is required'),
  storable('Valid phone number is required'),
);
const email = v.pipe(
  v.optional(v.string('Valid email is required'), ''),
  v.trim(),
  v.email('Valid email is required'),
  v.maxLength(254, 'Valid email is required'),
);
const optionalText = (max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `At most ${max} characters`), storable()));

/** Contact page: value → label of the interest options. */
export const CONTACT_PAGE_INTERESTS = {
  buying: 'Buying a property',
  selling: 'Selling a property',
  investment: 'Investment opportunities',
  'market-info': 'Market information',
  other: 'Other',
} as const;

/** Shared form interest options (value = label). */
export const SHARED_FORM_INTERESTS = [
  'Builder Package',
  'General Information',
  'Scheduling a Tour',
  'Financing Options',
  'Available Lots',
  'Short Term Rental Investment',
  'Other',
] as const;

/** Where a submission came from; the contact page's form is stricter than the shared form. */
export const SUBMISSION_SOURCES = [
  'contact-page',
  'home',
  'market',
  'investment',
  'builder-package-1',
  'lot-page',
] as const;
export type SubmissionSource = (typeof SUBMISSION_SOURCES)[number];
/** Each source as staff read it: the page whose form was sent. */
export const SUBMISSION_SOURCE_LABELS: Record<SubmissionSource, string> = {
  'contact-page': 'Contact page',
  home: 'Home page',
  market: 'Market overview',
  investment: 'Investment page',
  'builder-package-1': 'Builder package',
  'lot-page': 'Lot page',
};

/** The contact page's six required fields (spec: public site §5). */
export const ContactPageFormSchema = v.object({
  firstName: required('First name is required'),
  lastName: required('Last name is required'),
  phone,
  email,
  interest: required('Please select an interest'),
  message: required('Message is required', 5000),
});
export type ContactPageFormValues = v.InferOutput<typeof ContactPageFormSchema>;

/** The shared form: interest and message optional. */
export const SharedFormSchema = v.object({
  firstName: required('First name is required'),
  lastName: required('Last name is required'),
  phone,
  email,
  interest: optionalText(100),
  message: optionalText(5000),
});
export type SharedFormValues = v.InferOutput<typeof SharedFormSchema>;

/**
 * Anti-spam fields sent with every public form: `website` is a honeypot a person never fills
 * (it must be present and empty) and `elapsedMs` is how long the form was open before submit.
 */
export const SpamSignalsSchema = v.object({
  website: v.optional(v.pipe(v.string(), v.maxLength(500))),
  elapsedMs: v.optional(v.pipe(v.number(), v.minValue(0))),
});

/** What `POST /api/contact` accepts. The source picks which form's rules apply. */
export const SubmissionRequestSchema = v.object({
  ...SharedFormSchema.entries,
  ...SpamSignalsSchema.entries,
  source: v.optional(v.picklist(SUBMISSION_SOURCES, 'Unknown form')),
  topic: optionalText(200),
  page: optionalText(500),
  sessionId: optionalText(100),
  /** The lot the visitor asked about (its own page's form, or a lot picked on the map). */
  lotNumber: v.optional(
    v.pipe(
      v.number('Unknown lot'),
      v.integer('Unknown lot'),
      v.minValue(1, 'Unknown lot'),
      v.maxValue(9999, 'Unknown lot'),
    ),
  ),
});
export type SubmissionRequest = v.InferOutput<typeof SubmissionRequestSchema>;

/** The same request from the contact page, where all six fields are required. */
export const ContactPageSubmissionRequestSchema = v.object({
  ...SubmissionRequestSchema.entries,
  ...ContactPageFormSchema.entries,
});

/** Picks the rules for a raw request body by the form it says it came from. */
export const submissionSchemaFor = (raw: unknown) =>
  typeof raw === 'object' && raw !== null && (raw as { source?: unknown }).source === 'contact-page'
    ? ContactPageSubmissionRequestSchema
    : SubmissionRequestSchema;

/** What `POST /api/contact` answers with 201: the submission's event id (a UUID). */
export type SubmissionAccepted = { id: string };

/** Text on the bus: PostgreSQL refuses NUL, so an event carrying one fails its schema (and is parked). */
const busText = v.pipe(v.string(), storable());

/** The submitted fields as they travel on the bus. */
export const SubmissionFieldsSchema = v.object({
  firstName: busText,
  lastName: busText,
  phone: busText,
  email: busText,
  interest: v.nullable(busText),
  message: v.nullable(busText),
  source: v.picklist(SUBMISSION_SOURCES),
  topic: v.nullable(busText),
  page: v.nullable(busText),
  sessionId: v.nullable(busText),
  /** Absent on events published before lots existed. */
  lotNumber: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9999)))),
  /** Where the visitor was (location.ts), from the request's address; absent on events published before it. */
  country: v.optional(LocationSchema.entries.country, null),
  region: v.optional(LocationSchema.entries.region, null),
  city: v.optional(LocationSchema.entries.city, null),
});
export type SubmissionFields = v.InferOutput<typeof SubmissionFieldsSchema>;

export const SubmissionReceivedSchema = v.object({
  ...EventMetaSchema,
  idempotencyKey: v.pipe(v.string(), v.maxLength(200), storable()),
  submission: SubmissionFieldsSchema,
});
export type SubmissionReceived = v.InferOutput<typeof SubmissionReceivedSchema>;

/** A form submission as staff read it (spec: staff dashboard §3, plus what else was captured). */
export const FormSubmissionSchema = v.object({
  id: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.string(),
  interest: v.nullable(v.string()),
  message: v.nullable(v.string()),
  source: v.picklist(SUBMISSION_SOURCES),
  topic: v.nullable(v.string()),
  page: v.nullable(v.string()),
  lotNumber: v.nullable(v.number()),
  /** The visitor's analytics session id, when the tracker had one (lead attribution). */
  sessionId: v.optional(v.nullable(v.string()), null),
  /** Where the visitor was when they sent it (location.ts); null parts are unknown. */
  country: v.optional(v.nullable(v.string()), null),
  region: v.optional(v.nullable(v.string()), null),
  city: v.optional(v.nullable(v.string()), null),
  createdAt: v.string(),
  /** The contact with the same e-mail (any case), if there is one: the submission is in its history. */
  contactId: v.nullable(v.number()),
  /** When staff added it to the contacts ('Add to Contacts'), if they did. */
  convertedAt: v.nullable(v.string()),
  /** When staff first answered it (a logged call, a message addressed to it by hand); null while none (lead-response.ts). */
  firstResponseAt: v.optional(v.nullable(v.string()), null),
});
export type FormSubmission = v.InferOutput<typeof FormSubmissionSchema>;

/** The most submissions one staff call answers (the default: the dashboard's list shows them all). */
export const SUBMISSIONS_PAGE_MAX = 5000;

/**
 * The query string of `GET /api/marketing/submissions` (all optional): `limit` submissions,
 * newest first, after `cursor` (the last id of the previous page, from the `Link` header).
 */
export const SubmissionsQuerySchema = v.object(pageQueryEntries(SUBMISSIONS_PAGE_MAX, SUBMISSIONS_PAGE_MAX));

/**
 * What crm is asked for a page of submissions: newest first, after `cursor` (a submission id).
 * A page holds at most `limit` and always fits in one bus message; `nextCursor` continues it.
 */
export const ListSubmissionsInputSchema = v.object({
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SUBMISSIONS_PAGE_MAX)),
  cursor: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export const SubmissionsPageSchema = v.object({
  submissions: v.array(FormSubmissionSchema),
  nextCursor: v.nullable(v.number()),
});
export type SubmissionsPage = v.InferOutput<typeof SubmissionsPageSchema>;
export type ListSubmissionsInput = v.InferOutput<typeof ListSubmissionsInputSchema>;
