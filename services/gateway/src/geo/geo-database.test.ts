/**
 * Locations from GeoIP databases: MaxMind's public test databases (fixtures/README.md) in the
 * GeoLite2 City and GeoIP2 Country layouts, the DB-IP Lite City database installed with the
 * gateway (ip-location-db's layout), and the addresses that have no location.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NO_LOCATION } from '@lp/contracts';
import { bundledGeoDatabasePaths, geoDatabasePathsOf, locationOfRecord, openGeoDatabase } from './geo-database.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const CITY = fixture('GeoLite2-City-Test.mmdb');
const COUNTRY = fixture('GeoIP2-Country-Test.mmdb');

describe('GeoIP databases', () => {
  it('reads country, first-level region and city from a GeoLite2 City database', async () => {
    const geo = await openGeoDatabase([CITY]);
    expect(geo.locate('216.160.83.56')).toEqual({ country: 'US', region: 'Washington', city: 'Milton' });
    // England, not West Berkshire: the region is the first subdivision.
    expect(geo.locate('2.125.160.216')).toEqual({ country: 'GB', region: 'England', city: 'Boxford' });
    expect(geo.locate('89.160.20.112')).toEqual({ country: 'SE', region: 'Östergötland County', city: 'Linköping' });
    expect(geo.locate('67.43.156.1')).toEqual({ country: 'BT', region: null, city: null });
    // An IPv4 client on a dual-stack socket, and an IPv6 one.
    expect(geo.locate('::ffff:216.160.83.56')).toEqual({ country: 'US', region: 'Washington', city: 'Milton' });
    expect(geo.locate('2001:218::1').country).toBe('JP');
    expect(geo.info).toMatchObject({ enabled: true, name: 'GeoLite2-City', attribution: null });
    expect(Date.parse(geo.info.builtAt ?? '')).toBeGreaterThan(0);
  });

  it('has no location for private, loopback, unknown or malformed addresses', async () => {
    const geo = await openGeoDatabase([CITY]);
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.9', '8.8.4.4', '', 'not-an-address', '999.1.1.1'])
      expect(geo.locate(ip), ip).toEqual(NO_LOCATION);
  });

  it('reads a country-only database', async () => {
    const geo = await openGeoDatabase([COUNTRY]);
    expect(geo.locate('214.78.120.1')).toEqual({ country: 'US', region: null, city: null });
    expect(geo.info.name).toBe('GeoIP2-Country');
  });

  it('reads the DB-IP Lite City database installed with the gateway, crediting DB-IP', async () => {
    const geo = await openGeoDatabase(bundledGeoDatabasePaths());
    // An Arizona address of Cox Communications.
    expect(geo.locate('174.72.1.1')).toMatchObject({ country: 'US', region: 'Arizona' });
    expect(geo.locate('2001:4860:4860::8888').country).toMatch(/^[A-Z]{2}$/);
    expect(geo.locate('127.0.0.1')).toEqual(NO_LOCATION);
    expect(geo.info).toMatchObject({
      enabled: true,
      name: 'DB-IP Lite City',
      attribution: { text: 'IP Geolocation by DB-IP', href: 'https://db-ip.com' },
    });
  });

  it('opens the files once per process and refuses a file it cannot read', async () => {
    expect(await openGeoDatabase([CITY])).toBe(await openGeoDatabase([CITY]));
    await expect(openGeoDatabase(['/nonexistent/GeoLite2-City.mmdb'])).rejects.toThrow(/ENOENT/);
    await expect(openGeoDatabase([fileURLToPath(import.meta.url)])).rejects.toThrow();
  });

  it('reads GEOIP_DATABASE: unset the bundled files, off none, else the listed files', async () => {
    expect(geoDatabasePathsOf(undefined)).toEqual(bundledGeoDatabasePaths());
    expect(geoDatabasePathsOf('off')).toEqual([]);
    expect(geoDatabasePathsOf(` ${CITY} , ${COUNTRY} `)).toEqual([CITY, COUNTRY]);
    const off = await openGeoDatabase([]);
    expect(off.locate('216.160.83.56')).toEqual(NO_LOCATION);
    expect(off.info).toEqual({ enabled: false, name: null, builtAt: null, attribution: null });
  });

  it('takes only what a location can hold from a record, in either layout', () => {
    expect(locationOfRecord({ country_code: 'us', state1: 'Arizona', city: 'Page' })).toEqual({
      country: 'US',
      region: 'Arizona',
      city: 'Page',
    });
    // DB-IP's unknown country, an empty region, a name with NUL, a very long name.
    expect(locationOfRecord({ country_code: 'ZZ', state1: 'X', city: 'Y' })).toEqual(NO_LOCATION);
    expect(locationOfRecord({ country_code: 'US', state1: '', city: 'Pa\u0000ge' })).toEqual({
      country: 'US',
      region: null,
      city: null,
    });
    expect(
      locationOfRecord({ country: { iso_code: 'US' }, city: { names: { en: 'x'.repeat(300) } } }).city,
    ).toHaveLength(100);
    expect(locationOfRecord(null)).toEqual(NO_LOCATION);
    expect(locationOfRecord({ country: { iso_code: 'USA' } })).toEqual(NO_LOCATION);
  });
});
