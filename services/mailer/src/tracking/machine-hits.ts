/**
 * Which opens and clicks a person made. Machines fetch mail's images and follow its links too:
 * privacy proxies fetch every image when the message arrives (Apple Mail Privacy Protection,
 * Yahoo), and security gateways (Microsoft Defender's Safe Links, Proofpoint, Mimecast,
 * Barracuda) follow every link seconds after delivery, often with a browser's user agent. Their
 * hits are kept, flagged, and left out of every open and click figure:
 *
 * - an open is a machine's (`is_proxy`) when its user agent is a privacy proxy's (is-proxy-open.ts)
 *   or when it came within OPEN_PREFETCH_SECONDS of the message being sent;
 * - a click is a scanner's (`is_scanner`) when its user agent is not a person's browser (a crawler,
 *   a script, a security product naming itself, none at all: `isScannerAgent`), when it came
 *   within CLICK_SCAN_SECONDS of the message being sent, or when another link of the same
 *   message was clicked within CLICK_BURST_SECONDS of it (a person follows one link at a time; a
 *   scanner follows them all at once) — then every click of that burst is;
 * - a HEAD request is never recorded (the gateway: browsers follow links with GET).
 *
 * The timing rules need the delivery's send time and the other hits of the message, so they run
 * in SQL after each batch is stored (`flagMachineHits`), over the messages it touched.
 */
import { isbot } from 'isbot';
import type { Knex } from '@lp/runtime';

export const OPEN_PREFETCH_SECONDS = 5;
export const CLICK_SCAN_SECONDS = 10;
export const CLICK_BURST_SECONDS = 2;

/** Security products and link checkers that name themselves, beyond the crawler list. */
const SCANNERS =
  /Barracuda|Mimecast|Proofpoint|Symantec|Trend ?Micro|Forcepoint|Sophos|FireEye|Trellix|Zscaler|Cisco|IronPort|SafeLinks|Safe Links|BingPreview|ms-office|Microsoft Office|Microsoft Outlook|MSOffice|Google-Safety|Mail\.Ru|python|curl\/|wget|Go-http-client|Java\/|okhttp|axios|node-fetch|undici/i;

/** Whether a click's user agent is a machine's: a crawler, script, scanner, or none at all. */
export function isScannerAgent(userAgent: string): boolean {
  const ua = userAgent.trim();
  return ua === '' || ua === 'Mozilla/5.0' || SCANNERS.test(ua) || isbot(ua);
}

/**
 * Applies the timing rules to the opens and clicks of these deliveries (ids of `mailer.deliveries`):
 * opens within OPEN_PREFETCH_SECONDS of sending become machine opens, clicks within
 * CLICK_SCAN_SECONDS of sending or in a burst over several links become scanner clicks.
 */
export async function flagMachineHits(knex: Knex, deliveryIds: readonly number[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  const ids = [...new Set(deliveryIds)];
  await knex.raw(
    `update mailer.tracking_events t set is_proxy = true
       from mailer.deliveries d
      where d.id = t.delivery_id and t.delivery_id = any(?::bigint[]) and t.kind = 'open' and not t.is_proxy
        and t.at < d.sent_at + make_interval(secs => ?)`,
    [ids, OPEN_PREFETCH_SECONDS],
  );
  await knex.raw(
    `update mailer.tracking_events t set is_scanner = true
       from mailer.deliveries d
      where d.id = t.delivery_id and t.delivery_id = any(?::bigint[]) and t.kind = 'click' and not t.is_scanner
        and (t.at < d.sent_at + make_interval(secs => ?)
             or exists (select 1 from mailer.tracking_events o
                         where o.delivery_id = t.delivery_id and o.kind = 'click'
                           and o.link_idx is distinct from t.link_idx
                           and o.at between t.at - make_interval(secs => ?) and t.at + make_interval(secs => ?)))`,
    [ids, CLICK_SCAN_SECONDS, CLICK_BURST_SECONDS, CLICK_BURST_SECONDS],
  );
}
