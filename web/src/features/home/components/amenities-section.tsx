/**
 * Amenities (anchor `amenities`): 'Explore Lake Powell' with recreation and local amenities,
 * a strip of nearby destinations with travel times, and the weather widget (given by the page,
 * which composes features).
 */
import type { ReactNode } from 'react';
import { Section } from '../../../components/ui/section';
import { Icon } from '../../../components/icons/icon';
import { facts } from '../../../lib/market-facts';

const RECREATION = [
  'Boating and houseboat trips',
  'Kayaking and paddleboarding',
  'Fishing for striped and smallmouth bass',
  'Swimming and sandy coves',
  'Hiking and canyon tours',
  'Dark-sky stargazing',
];
const LOCAL = [
  `Marina and boat launch, ${facts.travel.marina} away`,
  `Groceries, dining and services in Page, ${facts.travel.town} away`,
  'Page Municipal Airport',
  'Golf, parks and community events in town',
];
const DESTINATIONS = [
  { name: 'Horseshoe Bend', note: 'near Page' },
  { name: 'Antelope Canyon', note: 'near Page' },
  { name: 'Glen Canyon Dam', note: 'in Page' },
  { name: 'Flagstaff', note: facts.travel.flagstaff },
  { name: 'North Phoenix', note: facts.travel.phoenix },
  { name: 'Las Vegas', note: facts.travel.lasVegas },
];

function CheckList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div>
      <h3 className="text-xl font-semibold text-lake-900">{title}</h3>
      <ul className="mt-4 space-y-2">
        {items.map((i) => (
          <li key={i} className="flex gap-2 text-stone-700">
            <Icon name="check" className="mt-0.5 size-5 shrink-0 text-lake-700" />
            {i}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AmenitiesSection({ weather }: { weather: ReactNode }) {
  return (
    <Section
      id="amenities"
      tone="sand"
      eyebrow="Life near the lake"
      title="Explore Lake Powell"
      intro={<p>Nearly 2,000 miles of shoreline, red-rock canyons and clear desert skies, minutes from your lot.</p>}
    >
      <div className="grid gap-10 lg:grid-cols-[1fr_1fr_minmax(18rem,22rem)]">
        <CheckList title="Recreation" items={RECREATION} />
        <CheckList title="Local amenities" items={LOCAL} />
        {weather}
      </div>
      <h3 className="mt-12 text-xl font-semibold text-lake-900">Nearby destinations</h3>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {DESTINATIONS.map((d) => (
          <li key={d.name} className="rounded-lg bg-white p-4 text-center ring-1 ring-stone-200">
            <span className="block font-semibold text-lake-900">{d.name}</span>
            <span className="text-sm text-stone-600">{d.note}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
