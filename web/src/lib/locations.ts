/**
 * Visitor and lead locations as staff read them: a country by its English name ("United States"
 * for `US`), a region or city by its label (`Arizona, US`), and the GeoIP database they come
 * from (GET /api/marketing-dashboard/geo-database, asked once per session), whose licence may
 * ask for an attribution wherever its results are shown.
 */
import useSWR from 'swr';
import { locationText, type GeoDatabaseInfo, type Location } from '@lp/contracts';

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** `US` → "United States"; a code the browser does not know stays as it is. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A lead's place as one line ("Page, Arizona, US"), or null when nothing is known. */
export const placeOf = (l: Partial<Location>): string | null =>
  locationText({ country: l.country ?? null, region: l.region ?? null, city: l.city ?? null }) || null;

export function useGeoDatabase() {
  return useSWR<GeoDatabaseInfo>('/api/marketing-dashboard/geo-database');
}
