/**
 * The mailer's own settings, parsed when it starts (see .env.example): the relay, the sending
 * pace and where links in sent mail point. A bad value stops the start.
 */
import * as v from 'valibot';
import { DEFAULT_SITE_PORT, described, env, localOrigin, serviceSettings } from '@lp/runtime';

/**
 * This site's own origin as the environment gives it (HOST and PORT, the gateway's defaults
 * when unset): the address of links in mail when MAIL_PUBLIC_URL is unset, so a trial never
 * links to the live site.
 */
export function siteOriginOf(environment: Record<string, string | undefined>): string {
  const port = /^\d{1,5}$/.test(environment.PORT ?? '') ? Number(environment.PORT) : DEFAULT_SITE_PORT;
  return localOrigin(environment.HOST ?? 'localhost', port);
}

export const mailerSettings = serviceSettings(
  {
    SMTP_URL: described(
      v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must be smtp:// or smtps://'))),
      'the relay, `smtp://user:pass@host:587` or `smtps://…`; unset, messages go to the outbox and are shown as not delivered',
    ),
    MAIL_SEND_RATE: described(env.int(50, 0, 100_000), 'messages per second per mailer process (0 = unlimited)'),
    MAIL_SMTP_POOL: described(env.int(5, 1, 100), 'pooled SMTP connections per mailer process'),
    MAIL_SMTP_PIPELINE: described(
      env.int(4, 1, 50),
      'messages handed to SMTP per pooled connection at once (one in its transaction, the others queued behind it, so a connection never waits for the database); a crash leaves at most MAIL_SMTP_POOL × this of unknown fate',
    ),
    MAIL_RELAY_PROBE_MAX_MS: described(
      env.int(60_000, 100, 3_600_000),
      'while the relay is not answering, sending pauses and the relay is asked again after 1 s, then twice as long each time up to this many ms; sending resumes when it answers',
    ),
    MAIL_RETRY_FIRST_MS: described(
      env.int(5_000, 10, 3_600_000),
      'after a 4xx reply to a message, the next attempt comes this many ms later, doubling each time up to 15 minutes (8 attempts in all)',
    ),
    JOURNEY_TRIGGER_POLL_SECONDS: described(
      env.int(60, 1, 3600),
      "how often (seconds) each journey's segment-joined and lot-viewed trigger is read (link clicks: every 2 s; list joins: every second); tests shorten it",
    ),
    MAIL_PUBLIC_URL: described(
      v.optional(v.pipe(v.string(), v.url('must be a URL such as https://lakepowelllots.com'))),
      "the site's public origin, where tracking and unsubscribe links in messages point (and the host of each broadcast message's Message-ID); unset, this site's own origin (`http://localhost:PORT`), so a trial never links to the live site; the mailer logs it at start and warns in production when it is local",
    ),
  },
  (parsed, environment) => ({ ...parsed, MAIL_PUBLIC_URL: parsed.MAIL_PUBLIC_URL ?? siteOriginOf(environment) }),
);
export type MailerSettings = ReturnType<typeof mailerSettings.of>;
