/**
 * Says once at start where the links in sent mail (tracking, unsubscribe)
 * point: MAIL_PUBLIC_URL, or this site's own origin when it is unset. In production a local
 * address is a warning: recipients could open none of those links.
 */
import { isLocalUrl, type Logger, type RuntimeConfig } from '@lp/runtime';
import type { MailerSettings } from '../config.ts';

export function logMailPublicUrl(
  log: Logger,
  config: Pick<MailerSettings, 'MAIL_PUBLIC_URL'> & Pick<RuntimeConfig, 'NODE_ENV'>,
): void {
  const url = config.MAIL_PUBLIC_URL;
  if (config.NODE_ENV === 'production' && isLocalUrl(url))
    log.warn(
      { mailPublicUrl: url },
      'links in sent mail point to a local address recipients cannot open: set MAIL_PUBLIC_URL to the public origin',
    );
  else log.info({ mailPublicUrl: url }, 'links in sent mail point to MAIL_PUBLIC_URL');
}
