/**
 * The process's SMTP transport: nodemailer over SMTP_URL with pooled connections (MAIL_SMTP_POOL)
 * and a rate of MAIL_SEND_RATE messages per second (0 = as fast as the server takes them).
 * None without SMTP_URL: messages then go to the outbox as not delivered.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { RuntimeConfig } from '@lp/runtime';

export type SmtpConfig = Pick<RuntimeConfig, 'SMTP_URL' | 'MAIL_SMTP_POOL' | 'MAIL_SEND_RATE'>;

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

export type SmtpFailure = { kind: 'retry' | 'failed'; reason: string };

/** A 4xx reply or a connection failure is worth retrying; a 5xx reply is the server's final word. */
export function classifySmtpError(err: unknown): SmtpFailure {
  const e = err as { responseCode?: number; response?: string; message?: string };
  const reason = (e.response ?? e.message ?? String(err)).slice(0, 500);
  if (typeof e.responseCode === 'number' && e.responseCode >= 500) return { kind: 'failed', reason };
  return { kind: 'retry', reason };
}
