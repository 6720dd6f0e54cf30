/**
 * Lot alerts: a visitor asks to be told when a lot changes (`POST /api/lots/{number}/watch`,
 * double opt-in), confirms with the signed link of the confirmation mail, and each confirmed
 * watcher then gets one e-mail per change of the lot's status or price. The mailer owns the
 * watches (see services/mailer/src/lot-alerts); these are the shapes that cross the edge and
 * the bus.
 */
import * as v from 'valibot';
import { EventMetaSchema } from './events.ts';
import { LOT_NUMBER_MAX } from './lots.ts';
import { storable } from './text.ts';
import { LOT_WATCH_EMAIL_MESSAGE } from './lot-watch-names.ts';

export * from './lot-watch-names.ts';

const lotNumber = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LOT_NUMBER_MAX));
const email = v.pipe(
  v.string(LOT_WATCH_EMAIL_MESSAGE),
  v.trim(),
  v.nonEmpty(LOT_WATCH_EMAIL_MESSAGE),
  v.email(LOT_WATCH_EMAIL_MESSAGE),
  v.maxLength(254, 'That email address is too long'),
  storable(),
);

/** The public form's body: the address, and the honeypot `website` (filled only by bots). */
export const LotWatchFormSchema = v.object({
  email,
  website: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
export type LotWatchForm = v.InferInput<typeof LotWatchFormSchema>;

/** The answer of the public form: the request's id (the same for a retried post). */
export const LotWatchAcceptedSchema = v.object({ id: v.string() });
export type LotWatchAccepted = v.InferOutput<typeof LotWatchAcceptedSchema>;

/** `mail.lot-watch.requested`: stored before the visitor is answered; the mailer sends the confirmation. */
export const LotWatchRequestedSchema = v.object({
  ...EventMetaSchema,
  lotNumber,
  email,
});
export type LotWatchRequested = v.InferOutput<typeof LotWatchRequestedSchema>;

/** A signed link of a watch: the confirmation link, or the stop link of an alert. */
export const LotWatchTokenInputSchema = v.object({ token: v.pipe(v.string(), v.maxLength(200)) });

/** What a link's page says: which lot and address, and whether the watch is on. */
export const LotWatchStateSchema = v.object({
  lotNumber,
  email: v.string(),
  status: v.picklist(['pending', 'active', 'stopped']),
});
export type LotWatchState = v.InferOutput<typeof LotWatchStateSchema>;

/** Staff: the confirmed watchers of each watched lot. */
export const LotWatchersSchema = v.object({
  lots: v.array(v.object({ number: lotNumber, watchers: v.pipe(v.number(), v.integer(), v.minValue(0)) })),
});
export type LotWatchers = v.InferOutput<typeof LotWatchersSchema>;
