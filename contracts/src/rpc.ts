/**
 * Every request/reply that crosses the bus, in one place: its subject
 * (`rpc.<service>.<noun>.<verb>`), the schema of its input (checked by the serving side: a
 * failure is a 400 envelope) and the schema of its reply (checked by the caller: a reply that
 * fails it is a 502). `serveRpc(bus, RPC.x.y, handler)` and `callRpc(bus, RPC.x.y, input)` are
 * both typed from the declaration, so the two ends cannot drift apart.
 */
import * as v from 'valibot';
import {
  ArticleDeletedSchema,
  ArticleIdInputSchema,
  ArticleSlugInputSchema,
  ArticleUpdateInputSchema,
  BlogArticleCreateSchema,
  BlogArticleSchema,
  BlogImageSchema,
  ImageCompleteInputSchema,
  ImagePartInputSchema,
  ImagePartReceivedSchema,
  ImageReadInputSchema,
  ImageSliceSchema,
  PublishedArticlesPageInputSchema,
  PublishedArticlesPageSchema,
  PublishedCardsPageSchema,
  StaffBlogArticleSchema,
  StaffBlogArticleSummarySchema,
} from './blog.ts';
import { FormSubmissionSchema, ListSubmissionsInputSchema } from './submissions.ts';
import { CrmStatsSchema, MailerStatsSchema } from './stats.ts';
import {
  AudiencePageSchema,
  AudienceResolveInputSchema,
  CampaignDetailSchema,
  CampaignLookupSchema,
  CampaignScheduleInputSchema,
  CampaignSchema,
  DeletedSchema,
  EmailAnalyticsInputSchema,
  EmailAnalyticsSchema,
  TemplateCreateSchema,
  TemplateIdInputSchema,
  TemplateSchema,
  TemplateUpdateInputSchema,
  TestSendSchema,
  TestSentSchema,
  TrackedClickSchema,
  TrackedOpenSchema,
  TrackInputSchema,
  UnsubscribeInfoSchema,
  UnsubscribeInputSchema,
} from './email.ts';

export type RpcSpec<I extends v.GenericSchema = v.GenericSchema, O extends v.GenericSchema = v.GenericSchema> = {
  readonly subject: string;
  readonly input: I;
  readonly output: O;
};

/** What a caller sends (before the server's defaults and transforms) and gets back. */
export type RpcInput<R extends RpcSpec> = v.InferInput<R['input']>;
export type RpcOutput<R extends RpcSpec> = v.InferOutput<R['output']>;

const rpc = <I extends v.GenericSchema, O extends v.GenericSchema>(subject: string, input: I, output: O) =>
  ({ subject, input, output }) as const satisfies RpcSpec<I, O>;

/** A request that takes no parameters. */
const NoInputSchema = v.nullish(v.object({}));

export const RPC = {
  crm: {
    /** Staff: form submissions, newest first. */
    submissionsList: rpc('rpc.crm.submissions.list', ListSubmissionsInputSchema, v.array(FormSubmissionSchema)),
    stats: rpc('rpc.crm.stats.get', NoInputSchema, CrmStatsSchema),
    /** Mailer: a list or hand-picked addresses → mailable contacts only (never unsubscribed or bounced). */
    audienceResolve: rpc('rpc.crm.audience.resolve', AudienceResolveInputSchema, AudiencePageSchema),
  },
  mailer: {
    stats: rpc('rpc.mailer.stats.get', NoInputSchema, MailerStatsSchema),
    templatesList: rpc('rpc.mailer.templates.list', NoInputSchema, v.array(TemplateSchema)),
    templateGet: rpc('rpc.mailer.templates.get', TemplateIdInputSchema, TemplateSchema),
    templateCreate: rpc('rpc.mailer.templates.create', TemplateCreateSchema, TemplateSchema),
    templateUpdate: rpc('rpc.mailer.templates.update', TemplateUpdateInputSchema, TemplateSchema),
    templateDuplicate: rpc('rpc.mailer.templates.duplicate', TemplateIdInputSchema, TemplateSchema),
    templateDelete: rpc('rpc.mailer.templates.delete', TemplateIdInputSchema, DeletedSchema),
    campaignsList: rpc('rpc.mailer.campaigns.list', NoInputSchema, v.array(CampaignSchema)),
    campaignGet: rpc('rpc.mailer.campaigns.get', CampaignLookupSchema, CampaignDetailSchema),
    campaignPause: rpc('rpc.mailer.campaigns.pause', TemplateIdInputSchema, CampaignSchema),
    campaignResume: rpc('rpc.mailer.campaigns.resume', TemplateIdInputSchema, CampaignSchema),
    campaignSchedule: rpc('rpc.mailer.campaigns.schedule', CampaignScheduleInputSchema, CampaignSchema),
    /** "Send a test to me": one message now, outside any campaign. */
    testSend: rpc('rpc.mailer.test-sends.create', TestSendSchema, TestSentSchema),
    emailAnalytics: rpc('rpc.mailer.email-analytics.get', EmailAnalyticsInputSchema, EmailAnalyticsSchema),
    /** Public tracking: the signed token of a pixel, a link or an unsubscribe link. */
    trackOpen: rpc('rpc.mailer.opens.record', TrackInputSchema, TrackedOpenSchema),
    trackClick: rpc('rpc.mailer.clicks.record', TrackInputSchema, TrackedClickSchema),
    unsubscribeInfo: rpc('rpc.mailer.unsubscribes.get', UnsubscribeInputSchema, UnsubscribeInfoSchema),
    unsubscribe: rpc('rpc.mailer.unsubscribes.create', UnsubscribeInputSchema, UnsubscribeInfoSchema),
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
    /** Cover images travel in parts (NATS max_payload): put each part, then complete. */
    imagePartPut: rpc('rpc.content.image-parts.put', ImagePartInputSchema, ImagePartReceivedSchema),
    imageUploadComplete: rpc('rpc.content.images.create', ImageCompleteInputSchema, BlogImageSchema),
    /** One slice of a stored image, for `GET /media/<sha256>.<ext>`. */
    imageRead: rpc('rpc.content.images.read', ImageReadInputSchema, ImageSliceSchema),
  },
} as const;
