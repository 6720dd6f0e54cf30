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
  AnalyticsRangeInputSchema,
  AnalyticsRefreshedSchema,
  AttributionInputSchema,
  LeadAttributionSchema,
  LeadsBySourceInputSchema,
  LeadsBySourceSchema,
  WebAnalyticsSchema,
} from './web-analytics.ts';

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
  },
  analytics: {
    /** Staff: the web-analytics summary of a range, from the daily roll-ups. */
    webAnalytics: rpc('rpc.analytics.web-analytics.get', AnalyticsRangeInputSchema, WebAnalyticsSchema),
    /** Staff: re-aggregate the range's visits and roll-ups from the raw hits (idempotent). */
    refresh: rpc('rpc.analytics.rollups.refresh', AnalyticsRangeInputSchema, AnalyticsRefreshedSchema),
    /** Staff: first touch, visits and pages before converting, per lead (by session id). */
    attribution: rpc('rpc.analytics.attribution.list', AttributionInputSchema, v.array(LeadAttributionSchema)),
    /** Staff: leads and conversion rate per first-touch source and campaign. */
    leadsBySource: rpc('rpc.analytics.leads-by-source.get', LeadsBySourceInputSchema, LeadsBySourceSchema),
  },
  mailer: {
    stats: rpc('rpc.mailer.stats.get', NoInputSchema, MailerStatsSchema),
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
