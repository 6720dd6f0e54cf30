/**
 * Optimistic concurrency for the records staff edit (templates, lots, blog articles, contacts,
 * lists): each carries a `version` that every write increments. An edit names the
 * version it was based on; the owning service applies it only while the record still has that
 * version and otherwise refuses it with a 409 and the record's "changed since you opened it"
 * message, so a stale copy never silently wins. An edit without a version is a 400.
 */
import * as v from 'valibot';

export const VERSION_REQUIRED_MESSAGE = 'The version of the record this change is based on is required';

/** A record's version: 1 when created, one more after every write. */
export const RecordVersionSchema = v.pipe(
  v.number(VERSION_REQUIRED_MESSAGE),
  v.integer(VERSION_REQUIRED_MESSAGE),
  v.minValue(1, VERSION_REQUIRED_MESSAGE),
  v.maxValue(2_147_483_647, VERSION_REQUIRED_MESSAGE),
);

/** What staff are told when the record changed after they opened it (409 `conflict`). */
export const STALE_EDIT_MESSAGES = {
  template: 'This template was changed since you opened it',
  lot: 'This lot was changed since you opened it',
  article: 'This article was changed since you opened it',
  contact: 'This contact was changed since you opened it',
  list: 'This list was changed since you opened it',
  goal: 'This goal was changed since you opened it',
  customField: 'This custom field was changed since you opened it',
  segment: 'This segment was changed since you opened it',
  journey: 'This journey was changed since you opened it',
} as const;
