/**
 * The process's SMTP transport: nodemailer over SMTP_URL with pooled connections (MAIL_SMTP_POOL)
 * and a rate of MAIL_SEND_RATE messages per second (0 = as fast as the server takes them).
 * None without SMTP_URL: messages then go to the outbox as not delivered.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailerSettings } from '../config.ts';

export type SmtpConfig = Pick<MailerSettings, 'SMTP_URL' | 'MAIL_SMTP_POOL' | 'MAIL_SEND_RATE'>;

export function createSmtpTransport(config: SmtpConfig): Transporter | null {
  if (!config.SMTP_URL) return null;
  return nodemailer.createTransport({
    url: config.SMTP_URL,
    pool: true,
    maxConnections: config.MAIL_SMTP_POOL,
    maxMessages: Infinity,
    ...(config.MAIL_SEND_RATE > 0 ? { rateDelta: 1000, rateLimit: config.MAIL_SEND_RATE } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
}

/**
 * - `outage`: the relay is not there for anyone (refused or timed-out connection, a greeting or
 *   EHLO it did not give, 421 "service not available", a pool error): no recipient's fault, so
 *   no attempt is spent; sending pauses until the relay answers. `unconfirmed` when the
 *   connection ended without a reply after it was open: the relay may have taken the message
 *   before it went (its "250 OK" lost with the connection), so it is never resent on its own.
 * - `failed`: a 5xx reply to this message's MAIL FROM / RCPT TO / DATA: the relay's final word.
 * - `retry`: a 4xx reply to this message: tried again later, with back-off.
 */
export type SmtpFailure =
  { kind: 'outage'; reason: string; unconfirmed: boolean } | { kind: 'retry' | 'failed'; reason: string };

/** The SMTP commands of one message's transaction: a reply to one of them concerns that message. */
const MESSAGE_COMMANDS = new Set(['MAIL FROM', 'RCPT TO', 'DATA']);

/**
 * System errors of a connection that never opened (nodemailer keeps them as `originalCode`): the
 * relay cannot have seen the message.
 */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

export function classifySmtpError(err: unknown): SmtpFailure {
  const e = err as {
    responseCode?: number;
    response?: string;
    message?: string;
    command?: string;
    code?: string;
    originalCode?: string;
  };
  const reason = (e.response ?? e.message ?? String(err)).slice(0, 500);
  const code = e.responseCode;
  const aboutMessage =
    (e.command !== undefined && MESSAGE_COMMANDS.has(e.command)) || e.code === 'EENVELOPE' || e.code === 'EMESSAGE';
  if (typeof code !== 'number') {
    const neverSent =
      NEVER_CONNECTED.has(e.originalCode ?? '') ||
      NEVER_CONNECTED.has(e.code ?? '') ||
      e.code === 'EDNS' ||
      e.command === 'GREETING';
    return { kind: 'outage', reason, unconfirmed: !neverSent };
  }
  if (code === 421 || !aboutMessage) return { kind: 'outage', reason, unconfirmed: false };
  return { kind: code >= 500 ? 'failed' : 'retry', reason };
}

/** What staff read on a campaign the relay's outage paused. */
export const relayPausedReason = (reason: string) =>
  `The mail relay is not answering (${reason}); sending resumes by itself when it answers`;
