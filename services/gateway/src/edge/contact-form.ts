/**
 * `POST /api/contact`: a visitor's form submission. Validated with the shared schema (the contact page's
 * stricter rules when it is the source), screened for bots (a filled honeypot, a form sent
 * faster than SPAM_MIN_FILL_MS: answered like a success, never stored), then published to JetStream; 201 only once stored.
 * The `Idempotency-Key` header makes a double click or a retry one submission, not two.
 */
import {
  eventMeta,
  site,
  submissionSchemaFor,
  SUBJECTS,
  type SubmissionAccepted,
  type SubmissionReceived,
} from '@lp/contracts';
import { AppError, requestIdHeaders } from '@lp/runtime';
import { NO_GEO_LOCATOR } from '../geo/geo-database.ts';
import { requestLimiter } from '../middleware/rate-limit.ts';
import { validate } from '../middleware/validate.ts';
import { type GatewayDeps, createRouter, publishOrUnavailable } from '../routes/context.ts';
import { stableEventId } from './stable-event-id.ts';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The `lead` salt predates the naming of form submissions and stays: changing it would change every key's id. */
const eventIdFor = (key: string) => stableEventId('lead', key);

export function contactFormRoutes({ config, bus, counters, knex, log, geo = NO_GEO_LOCATOR }: GatewayDeps) {
  const router = createRouter();
  const limit = requestLimiter(
    { counters, knex, log },
    {
      name: 'contact_form',
      max: config.CONTACT_RATE_LIMIT,
      windowMs: 10 * 60_000,
      message: 'Too many messages from your connection. Please try again later.',
    },
  );

  router.post('/api/contact', async (ctx) => {
    await limit(ctx, ctx.ip);

    const rawKey = ctx.get('idempotency-key').replace(/^"|"$/g, '');
    if (rawKey && !KEY.test(rawKey))
      throw new AppError(400, 'bad_request', 'Idempotency-Key must be 8-100 letters, digits, - or _');
    const key = rawKey || crypto.randomUUID();

    const body = validate(submissionSchemaFor(ctx.request.body), ctx.request.body);
    const source = body.source ?? 'home';

    // Only a positive sign screens a submission out: a filled honeypot, or a form sent faster than a
    // person fills it. A request without the signals (a script posting the spec's six fields)
    // is stored: a false "thank you" for a real submission costs more than one spam row.
    const reason = body.website
      ? 'honeypot'
      : body.elapsedMs !== undefined && body.elapsedMs < config.SPAM_MIN_FILL_MS
        ? 'too_fast'
        : undefined;
    if (reason) {
      counters.inc('gateway_submissions_dropped_total', { reason });
      ctx.state.log.info({ reason, source }, 'submission screened out as automated');
      ctx.status = 201;
      ctx.body = { id: eventIdFor(key) } satisfies SubmissionAccepted;
      return;
    }

    const event: SubmissionReceived = {
      ...eventMeta(eventIdFor(key)),
      idempotencyKey: key,
      submission: {
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone,
        email: body.email,
        interest: body.interest || null,
        message: body.message || null,
        source,
        topic: body.topic || null,
        page: body.page || null,
        sessionId: body.sessionId || null,
        lotNumber: body.lotNumber ?? null,
        // Where the visitor is, read from the address now (the address is not kept).
        ...geo.locate(ctx.ip),
      },
    };
    // Whatever the bus says (away, no stream, too large), the submission is not stored: the visitor
    // gets a clear 503 and can retry with the same key; the log says which failure it was.
    const r = await publishOrUnavailable(
      () =>
        bus.publish(SUBJECTS.submissionReceived, event, {
          msgId: event.id,
          headers: requestIdHeaders(ctx.state.reqId),
        }),
      `We could not send your message right now. Please try again in a moment, or call us at ${site.phone}.`,
      (err) => {
        ctx.state.log.error({ err, eventId: event.id, failure: err.name }, 'submission not stored');
        counters.inc('gateway_submissions_failed_total', { reason: err.name });
      },
    );
    counters.inc('gateway_submissions_accepted_total', { source, duplicate: String(r.duplicate) });
    ctx.state.log.info({ eventId: event.id, source, duplicate: r.duplicate }, 'submission accepted');
    ctx.status = 201;
    ctx.body = { id: event.id } satisfies SubmissionAccepted;
  });

  return router;
}
