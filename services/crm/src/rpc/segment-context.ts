/**
 * What evaluating a segment needs in a request handler: the site's time zone, the mailer for
 * engagement, analytics for the first touch and lots viewed, the inventory for the lots available.
 */
import { RPC } from '@lp/contracts';
import { callRpc, type AnswerContext } from '@lp/runtime';
import type { SegmentContext } from '../queries/segment-engagement.ts';

export const segmentContextOf = ({ bus, log, reqId, config }: AnswerContext): SegmentContext => ({
  timeZone: config.SITE_TIME_ZONE,
  engagedContacts: (input) => callRpc(bus, RPC.mailer.engagedContacts, input, { log, reqId }),
  leadSessions: (input) => callRpc(bus, RPC.analytics.leadSessions, input, { log, reqId }),
  lots: () => callRpc(bus, RPC.inventory.lotsList, {}, { log, reqId }),
});
