/** Market Overview, first part: location overview, national ranking and rental market data. */
import { FeatureCard } from '../../../components/ui/feature-card';
import { Section } from '../../../components/ui/section';
import { StatTile } from '../../../components/ui/stat-tile';
import { facts } from '../../../lib/market-facts';

export function LocationOverviewSection() {
  return (
    <Section
      id="location-overview"
      eyebrow="Location overview"
      title="Page, Arizona: Gateway to Lake Powell"
      intro={
        <p>
          A small town with a big draw: Lake Powell, Glen Canyon, Horseshoe Bend and Antelope Canyon are all on its
          doorstep.
        </p>
      }
    >
      <div className="grid gap-6 md:grid-cols-3">
        <FeatureCard icon="compass" title="Tourism hub">
          Visitors come all year for the lake, the slot canyons and the Grand Circle of national parks, which keeps
          demand for places to stay strong.
        </FeatureCard>
        <FeatureCard icon="shield" title="Limited expansion">
          Page is bordered by the Glen Canyon National Recreation Area and Navajo Nation land, so there is little room
          for the town to grow outward.
        </FeatureCard>
        <FeatureCard icon="users" title="Demographics">
          Population {facts.population}, a median age of {facts.medianAge} and a median household income of{' '}
          {facts.medianIncome}.
        </FeatureCard>
      </div>
    </Section>
  );
}

export function MarketRankingSection() {
  return (
    <Section
      id="market-ranking"
      tone="lake"
      eyebrow="National recognition"
      title={`Ranked ${facts.strRanking} in the Nation for Short-Term Rentals`}
      intro={
        <p>
          Page is ranked {facts.strRanking} nationally for short-term-rental investment, ahead of far larger and pricier
          resort towns.
        </p>
      }
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <StatTile dark value={facts.strRanking} label="National short-term-rental ranking" />
        <StatTile
          dark
          value={facts.occupancy}
          label="Occupancy"
          note={`National average: ${facts.nationalOccupancy}`}
        />
        <StatTile dark value={facts.adr} label="Average daily rate" note={`Premium properties: ${facts.adrPremium}`} />
      </div>
    </Section>
  );
}

export function MarketDataSection() {
  return (
    <Section
      id="market-data"
      tone="sand"
      eyebrow="Market data"
      title="Rental Performance in Page"
      intro={
        <p>
          The figures investors ask about first: how often a rental is booked, what it earns a night, and what that adds
          up to.
        </p>
      }
    >
      <div className="grid gap-6 md:grid-cols-3">
        <StatTile
          value={facts.occupancy}
          label="Occupancy"
          note={`Against ${facts.nationalOccupancy} nationally; some seasons reach ${facts.occupancyRange}.`}
        />
        <StatTile
          value={facts.adr}
          label="Average daily rate"
          note={`Premium properties earn ${facts.adrPremium} a night.`}
        />
        <StatTile
          value="$52,560-$66,795"
          label="Illustrative gross annual rental income"
          note="$240-$300 a night × 365 nights × 60-61% occupancy, before expenses. Not a guarantee."
        />
      </div>
    </Section>
  );
}
