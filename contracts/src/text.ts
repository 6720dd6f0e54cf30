/**
 * Text that can be stored: PostgreSQL's text type refuses the NUL character, so a schema that
 * lets one through turns a visitor's typo (or a probe) into a server error. Every free-text
 * field of a request schema ends its pipe with `storable()`.
 */
import * as v from 'valibot';

export const NOT_STORABLE_MESSAGE = 'Contains a character that is not allowed';

export const storable = (message = NOT_STORABLE_MESSAGE) =>
  v.check<string, string>((s) => !s.includes('\u0000'), message);
