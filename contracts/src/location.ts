/**
 * Where a visitor or a lead is, as the gateway reads it from the client address in a local
 * GeoIP database (MaxMind DB format) at the moment of the request: a country (ISO 3166-1
 * alpha-2 code), a region (the first-level subdivision: a US state, a Canadian province) and a
 * city, each by its English name. The address itself is never stored nor published.
 *
 * The Web tab's tables and filters use one label per level, unique across the world:
 * a country is its code (`US`, shown by name on screen), a region `Arizona, US`, a city
 * `Page, Arizona, US`. The analytics SQL builds the same labels (`DIMENSION_SQL`).
 */
import * as v from 'valibot';
import { storable } from './text.ts';

export const LOCATION_LIMITS = { region: 100, city: 100 } as const;

const placeName = (max: number) => v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(max), storable()));

export const LocationSchema = v.object({
  /** ISO 3166-1 alpha-2, upper case (`US`). */
  country: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'A country is a two-letter ISO code'))),
  region: placeName(LOCATION_LIMITS.region),
  city: placeName(LOCATION_LIMITS.city),
});
export type Location = v.InferOutput<typeof LocationSchema>;

export const NO_LOCATION: Location = { country: null, region: null, city: null };

/** The region's label (`Arizona, US`), or '' when the region is unknown. */
export const regionLabel = (l: Location): string => (l.region === null ? '' : `${l.region}, ${l.country ?? ''}`);

/** The city's label (`Page, Arizona, US`; `Page, US` without a region), or '' when the city is unknown. */
export const cityLabel = (l: Location): string =>
  l.city === null ? '' : [l.city, l.region, l.country ?? ''].filter((part) => part !== null).join(', ');

/** A location as one line for staff (`Page, Arizona, US`, `Arizona, US`, `US`), or '' when nothing is known. */
export const locationText = (l: Location): string => cityLabel(l) || regionLabel(l) || (l.country ?? '');

/**
 * The GeoIP database the gateway reads, as the dashboard credits it: its name, when it was
 * built, and the attribution its licence asks for (DB-IP Lite's CC BY 4.0 asks for a link on
 * every page that shows its results); null when location is switched off.
 */
export const GeoDatabaseInfoSchema = v.object({
  enabled: v.boolean(),
  name: v.nullable(v.string()),
  builtAt: v.nullable(v.string()),
  attribution: v.nullable(v.object({ text: v.string(), href: v.string() })),
});
export type GeoDatabaseInfo = v.InferOutput<typeof GeoDatabaseInfoSchema>;
