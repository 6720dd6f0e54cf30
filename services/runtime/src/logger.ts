/**
 * Structured logs (pino). Every line carries the service name; request and event handlers
 * log through a child logger carrying `reqId` / `eventId`. Secrets are redacted by path.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

const REDACT = [
  'password',
  '*.password',
  'token',
  '*.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'config.DATABASE_URL',
  'config.SMTP_URL',
  'settings.SMTP_URL',
  'config.ADMIN_PASSWORD',
];

/** `destination`: where lines go instead of stdout (tests read what an operator would see). */
export function createLogger(service: string, level = 'info', destination?: pino.DestinationStream): Logger {
  const options = {
    name: service,
    level,
    base: { service },
    redact: { paths: REDACT, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Removes credentials from a connection URL before it is logged. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    // A user name alone is how NATS passes a token (`nats://TOKEN@host`).
    else if (u.username) u.username = '***';
    return u.toString();
  } catch {
    return '[unparseable url]';
  }
}
