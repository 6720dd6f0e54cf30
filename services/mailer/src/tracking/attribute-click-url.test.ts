/** A click to the seller's own site carries the campaign; other links go where their author pointed. */
import { expect, it } from 'vitest';
import { attributeClickUrl, ownSiteHosts } from './attribute-click-url.ts';

const hosts = ownSiteHosts('https://mail.lakepowell.test');
const spring = { campaignId: 42, campaignName: 'Spring lots & homes' };

it('adds the campaign as UTM parameters to a link to the seller’s site, keeping its query and fragment', () => {
  const url = new URL(attributeClickUrl('https://lakepowelllots.com/lots?a=1&b=2#lot-12', spring, hosts));
  expect(url.origin + url.pathname).toBe('https://lakepowelllots.com/lots');
  expect(url.hash).toBe('#lot-12');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    a: '1',
    b: '2',
    utm_source: 'email',
    utm_medium: 'email',
    utm_campaign: 'Spring lots & homes',
    utm_id: '42',
  });
  expect(new URL(attributeClickUrl('https://WWW.lakepowelllots.com/', spring, hosts)).searchParams.get('utm_id')).toBe(
    '42',
  );
  expect(
    new URL(attributeClickUrl('https://mail.lakepowell.test/blog/x', spring, hosts)).searchParams.get('utm_campaign'),
  ).toBe('Spring lots & homes');
});

it('keeps the UTM parameters a link already has, and never changes links to other hosts', () => {
  const tagged = 'https://lakepowelllots.com/market?utm_source=newsletter&utm_campaign=may';
  expect(attributeClickUrl(tagged, spring, hosts)).toBe(tagged);
  for (const other of [
    'https://www.openstreetmap.org/?mlat=36.9#map=16',
    'https://lakepowelllots.com.evil.example/lots',
    'https://example.com/?next=https://lakepowelllots.com/',
  ])
    expect(attributeClickUrl(other, spring, hosts)).toBe(other);
});
