/**
 * Every request/reply that crosses the bus, in one place: its subject
 * (`rpc.<service>.<noun>.<verb>`), the schema of its input (checked by the serving side: a
 * failure is a 400 envelope) and the schema of its reply (checked by the caller: a reply that
 * fails it is a 502). `serveRpc(bus, RPC.x.y, handler)` and `callRpc(bus, RPC.x.y, input)` are
 * both typed from the declaration, so the two ends cannot drift apart.
 */
import { RenderBlocksInputSchema, RenderedBlocksSchema } from './email-blocks.ts';
import * as v from 'valibot';
import {
  ArticleDeletedSchema,
  ArticleIdInputSchema,
  ArticleSlugInputSchema,
  ArticleUpdateInputSchema,
  BlogArticleCreateSchema,
  BlogArticleSchema,
  BlogImageSchema,
  ImageReadInputSchema,
  ImageUploadInputSchema,
  StoredImageSchema,
  PublishedArticlesPageInputSchema,
  PublishedArticlesPageSchema,
  PublishedCardsPageSchema,
  StaffBlogArticleSchema,
  StaffBlogArticleSummarySchema,
} from './blog.ts';
import {
  ContactEmailsInputSchema,
  ContactFromSenderInputSchema,
  ContactFromSenderSchema,
  ContactMatchesSchema,
  InboxChangedSchema,
  InboxContentReadInputSchema,
  InboxContentSchema,
  InboxDeletedSchema,
  InboxEmailMetaSchema,
  InboxIdInputSchema,
  InboxListInputSchema,
  InboxPageSchema,
  InboxSetReadInputSchema,
  InboxSetStatusInputSchema,
  InboundAcceptedSchema,
  InboundReceiveInputSchema,
} from './inbox.ts';
import {
  CustomFieldFormSchema,
  CustomFieldIdInputSchema,
  CustomFieldSchema,
  CustomFieldUpdateInputSchema,
} from './contact-fields.ts';
import { ListSubmissionsInputSchema, SubmissionsPageSchema } from './submissions.ts';
import { LeadReplySaveInputSchema, LeadReplySettingsSchema } from './lead-replies.ts';
import {
  ContactCallLogInputSchema,
  ContactCallSchema,
  FirstRepliesInputSchema,
  FirstRepliesSchema,
  ResponseTimesSchema,
} from './lead-response.ts';
import {
  JourneyDeletedSchema,
  JourneyEnterInputSchema,
  JourneyEnteredSchema,
  JourneyIdInputSchema,
  JourneySaveInputSchema,
  JourneyStatusInputSchema,
  JourneyUpdateInputSchema,
  JourneyWithStatsSchema,
  ListJoinedInputSchema,
  ListJoinedSchema,
  LotLeadContactsInputSchema,
  LotLeadContactsSchema,
  LotViewCrossingsInputSchema,
  LotViewCrossingsSchema,
  SessionContactsInputSchema,
  SessionContactsSchema,
  JourneyContactsInputSchema,
  JourneyContactsSchema,
  ContactTagsChangeInputSchema,
  ContactTagsChangedSchema,
  ContactLeadFactsInputSchema,
  ContactLeadFactsSchema,
} from './journeys.ts';
import { LotWatchersSchema, LotWatchStateSchema, LotWatchTokenInputSchema } from './lot-watches.ts';
import {
  EngagedContactsInputSchema,
  EngagedContactsSchema,
  LeadSessionsInputSchema,
  LeadSessionsSchema,
  SegmentContactsInputSchema,
  SegmentCountInputSchema,
  SegmentCountSchema,
  SegmentFormSchema,
  SegmentIdInputSchema,
  SegmentSchema,
  SegmentUpdateInputSchema,
} from './segments.ts';
import { AbWinnerInputSchema } from './ab-tests.ts';
import { CrmStatsSchema, MailerStatsSchema } from './stats.ts';
import {
  ContactCreateSchema,
  ContactHistorySchema,
  ContactIdInputSchema,
  ContactListSchema,
  ContactSchema,
  ContactsPageInputSchema,
  ContactsPageSchema,
  ContactsBulkChunkInputSchema,
  ContactsBulkChunkResultSchema,
  ContactsToListResultSchema,
  ContactsToListSchema,
  ContactUpdateInputSchema,
  ConvertSubmissionInputSchema,
  ConvertSubmissionResultSchema,
  DeletedSchema,
  ImportChunkInputSchema,
  ImportChunkResultSchema,
  ListDuplicateInputSchema,
  ListFormSchema,
  ListIdInputSchema,
  ListMemberInputSchema,
  ListUpdateInputSchema,
} from './crm.ts';
import {
  LotChangeSchema,
  LotInterestInputSchema,
  LotLeadsSchema,
  LotNumberInputSchema,
  LotSchema,
  LotUpdateInputSchema,
  LotViewsSchema,
  PublicLotsSchema,
} from './lots.ts';
import {
  AnalyticsRefreshInputSchema,
  AnalyticsRefreshedSchema,
  AttributionInputSchema,
  LiveVisitorsInputSchema,
  LiveVisitorsSchema,
  LeadAttributionSchema,
  LeadVisitInputSchema,
  LeadsBySourceInputSchema,
  LeadsBySourceSchema,
  WebAnalyticsInputSchema,
  SiteEventsInputSchema,
  SiteEventsSchema,
  WebAnalyticsSchema,
} from './web-analytics.ts';
import {
  FunnelInputSchema,
  FunnelSchema,
  GoalFormSchema,
  GoalIdSchema,
  GoalReportInputSchema,
  GoalReportSchema,
  GoalSchema,
  GoalUpdateInputSchema,
} from './goals.ts';
import {
  AudienceCountInputSchema,
  AudienceCountSchema,
  AudiencePageSchema,
  AudienceResolveInputSchema,
  CampaignDetailSchema,
  CampaignFollowUpInputSchema,
  CampaignLookupSchema,
  CampaignRecipientsInputSchema,
  CampaignRecipientsPageSchema,
  CampaignReportSchema,
  CampaignScheduleInputSchema,
  CampaignSchema,
  EmailAnalyticsInputSchema,
  EmailAnalyticsSchema,
  RecipientMailInputSchema,
  RecipientMailSchema,
  SendAcceptedSchema,
  SendRequestedSchema,
  TemplateCreateSchema,
  TemplateIdInputSchema,
  TemplateSchema,
  TemplateUpdateInputSchema,
  TestSendSchema,
  TestSentSchema,
  TrackedClickSchema,
  TrackedOpenSchema,
  TrackInputSchema,
  TrackingKeySchema,
  UnsubscribeInfoSchema,
  UnsubscribeInputSchema,
} from './email.ts';
import {
  WeeklyReportSaveInputSchema,
  WeeklyReportSettingsSchema,
  WeeklyReportTestSchema,
  WeeklyReportTestSentSchema,
} from './weekly-report.ts';

export type RpcSpec<I extends v.GenericSchema = v.GenericSchema, O extends v.GenericSchema = v.GenericSchema> = {
  readonly subject: string;
  readonly input: I;
  readonly output: O;
  /** How long a caller waits for the answer, when longer than the bus's default (10 s). */
  readonly timeoutMs?: number;
};

/** What a caller sends (before the server's defaults and transforms) and gets back. */
export type RpcInput<R extends RpcSpec> = v.InferInput<R['input']>;
export type RpcOutput<R extends RpcSpec> = v.InferOutput<R['output']>;

const rpc = <I extends v.GenericSchema, O extends v.GenericSchema>(
  subject: string,
  input: I,
  output: O,
  timeoutMs?: number,
) => ({ subject, input, output, ...(timeoutMs === undefined ? {} : { timeoutMs }) }) as const satisfies RpcSpec<I, O>;

/**
 * An answer that may work out a year of stored visits: a re-aggregation, or a first look at a
 * filtered view, a goal or a funnel, which at 10 million page views a year takes seconds to
 * tens of seconds (bench/README.md, "Web analytics"); later looks reuse the days kept. The
 * gateway waits for an answer that declares a timeout server-paced (no idle timeout while the
 * service works; `askFor` in its routes/context.ts).
 */
export const LONG_ANSWER_TIMEOUT_MS = 120_000;

/** A request that takes no parameters. */
const NoInputSchema = v.nullish(v.object({}));

export const RPC = {
  crm: {
    /** Staff: a page of form submissions, newest first, that fits in one bus message. */
    submissionsList: rpc('rpc.crm.submissions.page', ListSubmissionsInputSchema, SubmissionsPageSchema),
    stats: rpc('rpc.crm.stats.get', NoInputSchema, CrmStatsSchema),
    /** Staff: the median time to the first staff response per week (site time zone), the last 8 weeks. */
    responseTimes: rpc('rpc.crm.response-times.get', NoInputSchema, ResponseTimesSchema),
    /** Staff: log a call with a contact (audited by the gateway); it shows in the contact's history. */
    contactCallLog: rpc('rpc.crm.contact-calls.log', ContactCallLogInputSchema, ContactCallSchema),
    /** Staff: a page of contacts (newest first) with the total, filtered by list, search and status. */
    contactsList: rpc('rpc.crm.contacts.list', ContactsPageInputSchema, ContactsPageSchema),
    contactGet: rpc('rpc.crm.contacts.get', ContactIdInputSchema, ContactSchema),
    /** 409 when a contact has the e-mail already (any letter case). */
    contactCreate: rpc('rpc.crm.contacts.create', ContactCreateSchema, ContactSchema),
    contactUpdate: rpc('rpc.crm.contacts.update', ContactUpdateInputSchema, ContactSchema),
    contactDelete: rpc('rpc.crm.contacts.delete', ContactIdInputSchema, DeletedSchema),
    contactHistory: rpc('rpc.crm.contact-history.get', ContactIdInputSchema, ContactHistorySchema),
    /** One chunk of a CSV import, upserted by e-mail; a chunk re-sent after a restart applies once. */
    contactsImportChunk: rpc('rpc.crm.contact-imports.put', ImportChunkInputSchema, ImportChunkResultSchema),
    /** Staff: the custom fields of contacts, in the order they were made. */
    customFieldsList: rpc('rpc.crm.custom-fields.list', NoInputSchema, v.array(CustomFieldSchema)),
    /** 409 when the key or the name (any letter case) is taken. */
    customFieldCreate: rpc('rpc.crm.custom-fields.create', CustomFieldFormSchema, CustomFieldSchema),
    /** A rename: the values stay; 409 when its version moved on. */
    customFieldUpdate: rpc('rpc.crm.custom-fields.update', CustomFieldUpdateInputSchema, CustomFieldSchema),
    /** Removes the field and every contact's value of it. */
    customFieldDelete: rpc('rpc.crm.custom-fields.delete', CustomFieldIdInputSchema, DeletedSchema),
    /** Staff: the segments (saved filters over contacts), by name. */
    segmentsList: rpc('rpc.crm.segments.list', NoInputSchema, v.array(SegmentSchema)),
    segmentGet: rpc('rpc.crm.segments.get', SegmentIdInputSchema, SegmentSchema),
    /** 400 naming a condition's unknown custom field or list; 409 when the name (any case) is taken. */
    segmentCreate: rpc('rpc.crm.segments.create', SegmentFormSchema, SegmentSchema),
    /** 409 when its version moved on. */
    segmentUpdate: rpc('rpc.crm.segments.update', SegmentUpdateInputSchema, SegmentSchema),
    segmentDelete: rpc('rpc.crm.segments.delete', SegmentIdInputSchema, DeletedSchema),
    /** The contacts a saved segment or an unsaved filter matches now (any status). */
    segmentCount: rpc('rpc.crm.segments.count', SegmentCountInputSchema, SegmentCountSchema),
    /** A page of a segment's contacts, newest first, as the contacts list. */
    segmentContacts: rpc('rpc.crm.segments.contacts', SegmentContactsInputSchema, ContactsPageSchema),
    listsList: rpc('rpc.crm.lists.list', NoInputSchema, v.array(ContactListSchema)),
    /** One list as stored now (an edit dialog opens with it). */
    listGet: rpc('rpc.crm.lists.get', ListIdInputSchema, ContactListSchema),
    listCreate: rpc('rpc.crm.lists.create', ListFormSchema, ContactListSchema),
    listUpdate: rpc('rpc.crm.lists.update', ListUpdateInputSchema, ContactListSchema),
    listDelete: rpc('rpc.crm.lists.delete', ListIdInputSchema, DeletedSchema),
    listDuplicate: rpc('rpc.crm.lists.duplicate', ListDuplicateInputSchema, ContactListSchema),
    /** Adding a member twice is no error. */
    listMembersAdd: rpc('rpc.crm.list-members.add', ContactsToListSchema, ContactsToListResultSchema),
    /** Staff: one chunk of a bulk action (add to / remove from a list, status, delete), set-based in SQL. */
    contactsBulkChunk: rpc('rpc.crm.contacts.bulk-chunk', ContactsBulkChunkInputSchema, ContactsBulkChunkResultSchema),
    listMemberRemove: rpc('rpc.crm.list-members.remove', ListMemberInputSchema, DeletedSchema),
    /** mailer (journeys): the mailable contacts who joined a list after a point. */
    listMembersJoined: rpc('rpc.crm.list-members.joined', ListJoinedInputSchema, ListJoinedSchema),
    /** mailer (journeys, lot viewed): the contacts whose form submissions carried these analytics session ids. */
    sessionContacts: rpc('rpc.crm.session-contacts.list', SessionContactsInputSchema, SessionContactsSchema),
    /** mailer (journeys, lot changed): a page of the contacts who asked about a lot in a form, by contact id. */
    lotLeadContacts: rpc('rpc.crm.lot-lead-contacts.list', LotLeadContactsInputSchema, LotLeadContactsSchema),
    /** mailer (journeys): of some contacts, which may be mailed and which carry a tag (the customer exit). */
    journeyContacts: rpc('rpc.crm.journey-contacts.get', JourneyContactsInputSchema, JourneyContactsSchema),
    /** mailer (journeys' tag steps): add a tag to contacts or take it off (idempotent; a contact at the most tags is skipped). */
    contactTagsChange: rpc('rpc.crm.contact-tags.change', ContactTagsChangeInputSchema, ContactTagsChangedSchema),
    /** mailer (journeys' staff alerts): a contact's details and its latest form submission. */
    contactLeadFacts: rpc('rpc.crm.contact-lead-facts.get', ContactLeadFactsInputSchema, ContactLeadFactsSchema),
    /** 'Add to Contacts': the submission's e-mail becomes a contact (or finds the existing one). */
    submissionConvert: rpc('rpc.crm.submissions.convert', ConvertSubmissionInputSchema, ConvertSubmissionResultSchema),
    /** Staff: form submissions naming each lot, in a time range. */
    lotLeads: rpc('rpc.crm.lot-leads.count', LotInterestInputSchema, LotLeadsSchema),
    /** Inbox: which of these addresses are contacts (case-insensitive). */
    contactsMatchEmails: rpc('rpc.crm.contacts.match-emails', ContactEmailsInputSchema, ContactMatchesSchema),
    /** Inbox: the sender as a contact (the existing one when the address is known). */
    contactCreateFromSender: rpc(
      'rpc.crm.contacts.create-from-sender',
      ContactFromSenderInputSchema,
      ContactFromSenderSchema,
    ),
    /** Mailer: a list or hand-picked addresses → mailable contacts only (never unsubscribed or bounced). */
    audienceResolve: rpc('rpc.crm.audience.resolve', AudienceResolveInputSchema, AudiencePageSchema),
    /** Mailer: how many mailable contacts an audience has, for a scheduled send's expected size. */
    audienceCount: rpc('rpc.crm.audience.count', AudienceCountInputSchema, AudienceCountSchema),
  },
  inventory: {
    /** Public: every lot as visitors see it, and the newest change. */
    lotsList: rpc('rpc.inventory.lots.list', NoInputSchema, PublicLotsSchema),
    /** Staff: every lot with its price and who changed it last. */
    staffLotsList: rpc('rpc.inventory.staff-lots.list', NoInputSchema, v.array(LotSchema)),
    /** Staff: one lot as stored now (404 for an unknown number), for the edit dialog. */
    staffLotGet: rpc('rpc.inventory.staff-lots.get', LotNumberInputSchema, LotSchema),
    /** Staff: change one lot (validated, audited, published as inventory.lot.changed); 409 when its version moved on. */
    lotUpdate: rpc('rpc.inventory.lots.update', LotUpdateInputSchema, LotSchema),
    /** Staff: a lot's audit trail, newest first. */
    lotChangesList: rpc('rpc.inventory.lot-changes.list', LotNumberInputSchema, v.array(LotChangeSchema)),
  },
  analytics: {
    /** Staff: the web-analytics summary of a range, from the daily roll-ups. */
    webAnalytics: rpc(
      'rpc.analytics.web-analytics.get',
      WebAnalyticsInputSchema,
      WebAnalyticsSchema,
      LONG_ANSWER_TIMEOUT_MS,
    ),
    siteEvents: rpc('rpc.analytics.site-events.get', SiteEventsInputSchema, SiteEventsSchema),
    /** Staff: re-aggregate the range's visits and roll-ups from the raw hits (idempotent). */
    refresh: rpc(
      'rpc.analytics.rollups.refresh',
      AnalyticsRefreshInputSchema,
      AnalyticsRefreshedSchema,
      LONG_ANSWER_TIMEOUT_MS,
    ),
    /** Staff: first touch, visits and pages before converting, per lead (by session id). */
    attribution: rpc('rpc.analytics.attribution.list', AttributionInputSchema, v.array(LeadAttributionSchema)),
    /** The staff alert of a new lead: its first touch, visits and pages before converting. */
    leadVisit: rpc('rpc.analytics.lead-visit.get', LeadVisitInputSchema, LeadAttributionSchema),
    /** Staff: leads and conversion rate per first-touch source and campaign. */
    leadsBySource: rpc('rpc.analytics.leads-by-source.get', LeadsBySourceInputSchema, LeadsBySourceSchema),
    /** Staff: page views of each lot's page and clicks on it in the map, in a time range. */
    lotViews: rpc('rpc.analytics.lot-views.count', LotInterestInputSchema, LotViewsSchema),
    /** mailer (journeys, lot viewed): when a lead's visitor reached N views of a lot's page within D days. */
    lotViewCrossings: rpc('rpc.analytics.lot-view-crossings.list', LotViewCrossingsInputSchema, LotViewCrossingsSchema),
    /** crm (segments): the lead sessions that viewed some lots, or came first with a campaign, a page of ids. */
    leadSessions: rpc('rpc.analytics.lead-sessions.list', LeadSessionsInputSchema, LeadSessionsSchema),
    /** Staff: who is on the site now, and on which pages. */
    liveVisitors: rpc('rpc.analytics.live-visitors.get', LiveVisitorsInputSchema, LiveVisitorsSchema),
    /** Staff: the goals, oldest first; add one (a name taken in any letter case is a 409); remove one. */
    goalsList: rpc('rpc.analytics.goals.list', v.nullish(v.object({})), v.array(GoalSchema)),
    goalCreate: rpc('rpc.analytics.goals.create', GoalFormSchema, GoalSchema),
    /** Only while the goal is at the version the edit opened (else 409); 404 when it is gone. */
    goalUpdate: rpc('rpc.analytics.goals.update', GoalUpdateInputSchema, GoalSchema),
    goalDelete: rpc('rpc.analytics.goals.delete', GoalIdSchema, v.object({ deleted: v.boolean() })),
    /** Staff: each goal's conversions, rate and best sources over a period, under filters. */
    goalReport: rpc('rpc.analytics.goals.report', GoalReportInputSchema, GoalReportSchema, LONG_ANSWER_TIMEOUT_MS),
    /** Staff: visitors at each step of a funnel of 2 to 8 goals, over a period, under filters. */
    funnel: rpc('rpc.analytics.funnel.get', FunnelInputSchema, FunnelSchema, LONG_ANSWER_TIMEOUT_MS),
  },
  mailer: {
    stats: rpc('rpc.mailer.stats.get', NoInputSchema, MailerStatsSchema),
    /**
     * A provider's post handed over by the gateway: parsed and stored in the inbox; answered once
     * committed (a parse failure is the post's 400/413/415).
     */
    inboundReceive: rpc('rpc.mailer.inbound.receive', InboundReceiveInputSchema, InboundAcceptedSchema),
    /** Staff inbox: a page of messages (no bodies), newest first. */
    inboxList: rpc('rpc.mailer.inbox.list', InboxListInputSchema, InboxPageSchema),
    /** One message's details; its bodies and attachments are read with `inboxContentRead`. */
    inboxGet: rpc('rpc.mailer.inbox.get', InboxIdInputSchema, InboxEmailMetaSchema),
    /** A message's plain or HTML body or an attachment, whole (handed over when large). */
    inboxContentRead: rpc('rpc.mailer.inbox-content.read', InboxContentReadInputSchema, InboxContentSchema),
    /** Mark as Read / Mark as Unread (opening an unread message marks it read). */
    inboxSetRead: rpc('rpc.mailer.inbox.set-read', InboxSetReadInputSchema, InboxChangedSchema),
    inboxSetStatus: rpc('rpc.mailer.inbox.set-status', InboxSetStatusInputSchema, InboxChangedSchema),
    /** Permanent, attachments included. */
    inboxDelete: rpc('rpc.mailer.inbox.delete', InboxIdInputSchema, InboxDeletedSchema),
    templatesList: rpc('rpc.mailer.templates.list', NoInputSchema, v.array(TemplateSchema)),
    templateGet: rpc('rpc.mailer.templates.get', TemplateIdInputSchema, TemplateSchema),
    templateCreate: rpc('rpc.mailer.templates.create', TemplateCreateSchema, TemplateSchema),
    templateUpdate: rpc('rpc.mailer.templates.update', TemplateUpdateInputSchema, TemplateSchema),
    templateDuplicate: rpc('rpc.mailer.templates.duplicate', TemplateIdInputSchema, TemplateSchema),
    templateDelete: rpc('rpc.mailer.templates.delete', TemplateIdInputSchema, DeletedSchema),
    /** Staff: a block template's blocks rendered as the mailer saves them (the editor's preview). */
    templateRenderBlocks: rpc('rpc.mailer.templates.render-blocks', RenderBlocksInputSchema, RenderedBlocksSchema),
    campaignsList: rpc('rpc.mailer.campaigns.list', NoInputSchema, v.array(CampaignSchema)),
    /**
     * Stores a broadcast or a draft (once per request id: asked again, the same campaign answers)
     * and answers its id at once; the send worker sends it.
     */
    campaignCreate: rpc('rpc.mailer.campaigns.create', SendRequestedSchema, SendAcceptedSchema),
    campaignGet: rpc('rpc.mailer.campaigns.get', CampaignLookupSchema, CampaignDetailSchema),
    campaignReport: rpc('rpc.mailer.campaigns.report', CampaignLookupSchema, CampaignReportSchema),
    /** A follow-up of a completed campaign to those who did not open (or click) it. */
    campaignFollowUp: rpc('rpc.mailer.campaigns.follow-up', CampaignFollowUpInputSchema, SendAcceptedSchema),
    /** Staff pick an A/B test's winner (409 once it is picked); the rest of the audience is sent it. */
    campaignAbWinner: rpc('rpc.mailer.campaigns.ab-winner', AbWinnerInputSchema, CampaignSchema),
    campaignRecipients: rpc(
      'rpc.mailer.campaigns.recipients',
      CampaignRecipientsInputSchema,
      CampaignRecipientsPageSchema,
    ),
    campaignPause: rpc('rpc.mailer.campaigns.pause', TemplateIdInputSchema, CampaignSchema),
    campaignResume: rpc('rpc.mailer.campaigns.resume', TemplateIdInputSchema, CampaignSchema),
    campaignSchedule: rpc('rpc.mailer.campaigns.schedule', CampaignScheduleInputSchema, CampaignSchema),
    /** Staff send again the messages a crash left of unknown fate. */
    campaignResendUnknown: rpc('rpc.mailer.campaigns.resend-unknown', TemplateIdInputSchema, CampaignSchema),
    /** "Send a test to me": one message now, outside any campaign. */
    testSend: rpc('rpc.mailer.test-sends.create', TestSendSchema, TestSentSchema),
    /** A contact's history: the messages sent to an address (any case), their opens and clicks. */
    /** crm: when staff first wrote to each lead's address by hand after it came (a page of leads at once). */
    firstReplies: rpc('rpc.mailer.first-replies.get', FirstRepliesInputSchema, FirstRepliesSchema),
    recipientMail: rpc('rpc.mailer.recipient-mail.list', RecipientMailInputSchema, RecipientMailSchema),
    /** crm (segments): who opened or clicked (any or one campaign, in the last N days), a page of contact ids. */
    engagedContacts: rpc('rpc.mailer.engaged-contacts.list', EngagedContactsInputSchema, EngagedContactsSchema),
    emailAnalytics: rpc('rpc.mailer.email-analytics.get', EmailAnalyticsInputSchema, EmailAnalyticsSchema),
    /** Public tracking: the signed token of a pixel, a link or an unsubscribe link. */
    trackOpen: rpc('rpc.mailer.opens.record', TrackInputSchema, TrackedOpenSchema),
    trackClick: rpc('rpc.mailer.clicks.record', TrackInputSchema, TrackedClickSchema),
    unsubscribeInfo: rpc('rpc.mailer.unsubscribes.get', UnsubscribeInputSchema, UnsubscribeInfoSchema),
    unsubscribe: rpc('rpc.mailer.unsubscribes.create', UnsubscribeInputSchema, UnsubscribeInfoSchema),
    /** Internal: the key tracking tokens are signed with, so the gateway verifies them itself. */
    trackingKey: rpc('rpc.mailer.tracking-key.get', NoInputSchema, TrackingKeySchema),
    /** Staff: the weekly report's settings and the latest report sent. */
    weeklyReportGet: rpc('rpc.mailer.weekly-report.get', NoInputSchema, WeeklyReportSettingsSchema),
    /** Owners: store the weekly report's settings (recipients already checked against the staff accounts). */
    weeklyReportSave: rpc('rpc.mailer.weekly-report.put', WeeklyReportSaveInputSchema, WeeklyReportSettingsSchema),
    /** Staff: the last whole week's report, now, to one address (not recorded as the week's report). */
    weeklyReportTest: rpc('rpc.mailer.weekly-report-tests.create', WeeklyReportTestSchema, WeeklyReportTestSentSchema),
    /** Staff: the instant replies and staff alert sent on every new lead. */
    leadRepliesGet: rpc('rpc.mailer.lead-replies.get', NoInputSchema, LeadReplySettingsSchema),
    /** Owners: store them (staff recipients already checked against the accounts). */
    leadRepliesSave: rpc('rpc.mailer.lead-replies.put', LeadReplySaveInputSchema, LeadReplySettingsSchema),
    /** Staff: journeys with their per-step figures. */
    journeysList: rpc('rpc.mailer.journeys.list', NoInputSchema, v.array(JourneyWithStatsSchema)),
    journeyGet: rpc('rpc.mailer.journeys.get', JourneyIdInputSchema, JourneyWithStatsSchema),
    journeyCreate: rpc('rpc.mailer.journeys.create', JourneySaveInputSchema, JourneyWithStatsSchema),
    /** An edit names the version it opened (stale: 409); contacts at a removed step move to the next one. */
    journeyUpdate: rpc('rpc.mailer.journeys.update', JourneyUpdateInputSchema, JourneyWithStatsSchema),
    /** Pause (contacts wait where they are) or resume. */
    journeySetStatus: rpc('rpc.mailer.journeys.set-status', JourneyStatusInputSchema, JourneyWithStatsSchema),
    journeyDelete: rpc('rpc.mailer.journeys.delete', JourneyIdInputSchema, JourneyDeletedSchema),
    /** A list's mailable contacts enter a journey (once per request id and contact). */
    journeyEnter: rpc('rpc.mailer.journeys.enter', JourneyEnterInputSchema, JourneyEnteredSchema),
    /** Public: what the confirmation link of a lot watch names (GET shows, never turns it on; 404, 410 as below). */
    lotWatchToConfirm: rpc('rpc.mailer.lot-watches.to-confirm', LotWatchTokenInputSchema, LotWatchStateSchema),
    /** Public: the confirmation link's button turns the watch on (404 not genuine, 410 expired). */
    lotWatchConfirm: rpc('rpc.mailer.lot-watches.confirm', LotWatchTokenInputSchema, LotWatchStateSchema),
    /** Public: what the stop link of a lot alert names (GET shows, never stops). */
    lotWatchGet: rpc('rpc.mailer.lot-watches.get', LotWatchTokenInputSchema, LotWatchStateSchema),
    /** Public: the stop link of a lot alert (its page's button, a one-click POST). */
    lotWatchStop: rpc('rpc.mailer.lot-watches.stop', LotWatchTokenInputSchema, LotWatchStateSchema),
    /** Staff: confirmed watchers per lot (the Lots table, the interest per lot). */
    lotWatchers: rpc('rpc.mailer.lot-watchers.count', NoInputSchema, LotWatchersSchema),
  },
  content: {
    /** Public: published articles with their bodies, newest first, a page at a time. */
    articlesList: rpc('rpc.content.articles.list', PublishedArticlesPageInputSchema, PublishedArticlesPageSchema),
    /** Public: the same list without the bodies (cards, related articles, the sitemap). */
    articleCardsList: rpc('rpc.content.article-cards.list', PublishedArticlesPageInputSchema, PublishedCardsPageSchema),
    /** Public: one published article by slug (404 when missing or not published). */
    articleGet: rpc('rpc.content.articles.get', ArticleSlugInputSchema, BlogArticleSchema),
    /** Staff: every article, any status. */
    staffArticlesList: rpc('rpc.content.staff-articles.list', NoInputSchema, v.array(StaffBlogArticleSummarySchema)),
    staffArticleGet: rpc('rpc.content.staff-articles.get', ArticleIdInputSchema, StaffBlogArticleSchema),
    articleCreate: rpc('rpc.content.articles.create', BlogArticleCreateSchema, StaffBlogArticleSchema),
    articleUpdate: rpc('rpc.content.articles.update', ArticleUpdateInputSchema, StaffBlogArticleSchema),
    articlePublish: rpc('rpc.content.articles.publish', ArticleIdInputSchema, StaffBlogArticleSchema),
    articleUnpublish: rpc('rpc.content.articles.unpublish', ArticleIdInputSchema, StaffBlogArticleSchema),
    articleDelete: rpc('rpc.content.articles.delete', ArticleIdInputSchema, ArticleDeletedSchema),
    /** A cover image upload, its bytes handed over when large (NATS max_payload). */
    imageUploadComplete: rpc('rpc.content.images.create', ImageUploadInputSchema, BlogImageSchema),
    /** A stored image, whole (handed over when large), for `GET /media/<sha256>.<ext>`. */
    imageRead: rpc('rpc.content.images.read', ImageReadInputSchema, StoredImageSchema),
  },
} as const;
