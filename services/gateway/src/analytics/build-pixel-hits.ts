/**
 * Turns a checked pixel query into the hit the analytics service stores: camelCase fields,
 * absent parameters as null, and `at` = when the gateway received it (client clocks lie).
 */
import type { EventHit, EventPixelQuery, PageviewHit, PageviewPixelQuery } from '@lp/contracts';

export function buildPageviewHit(q: PageviewPixelQuery, receivedAt: Date): PageviewHit {
  return {
    at: receivedAt.toISOString(),
    path: q.p,
    sessionId: q.sid,
    referrer: q.ref ?? null,
    deviceType: q.dt ?? null,
    browser: q.br ?? null,
    utmSource: q.utm_source ?? null,
    utmMedium: q.utm_medium ?? null,
    utmCampaign: q.utm_campaign ?? null,
    utmTerm: q.utm_term ?? null,
    utmContent: q.utm_content ?? null,
  };
}

export function buildEventHit(q: EventPixelQuery, receivedAt: Date): EventHit {
  return {
    at: receivedAt.toISOString(),
    sessionId: q.sid,
    name: q.n,
    category: q.c,
    action: q.act ?? null,
    label: q.lbl ?? null,
    value: q.val ?? null,
    path: q.p ?? null,
    properties: q.props ?? null,
  };
}
