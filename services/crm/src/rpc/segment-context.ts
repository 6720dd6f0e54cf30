/** What evaluating a segment needs in a request handler: the site's time zone, and the mailer for engagement. */
import { RPC } from '@lp/contracts';
import { callRpc, type AnswerContext } from '@lp/runtime';
import type { SegmentContext } from '../queries/segment-engagement.ts';

export const segmentContextOf = ({ bus, log, reqId, config }: AnswerContext): SegmentContext => ({
  timeZone: config.SITE_TIME_ZONE,
  engagedEmails: (input) => callRpc(bus, RPC.mailer.engagedEmails, input, { log, reqId }),
});
