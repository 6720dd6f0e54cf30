/** Investment page: why Page works for short-term rentals, and what the returns can look like. */
import { FeatureCard } from '../../../components/ui/feature-card';
import { Section } from '../../../components/ui/section';
import { StatTile } from '../../../components/ui/stat-tile';
import { facts } from '../../../lib/market-facts';

export function WhyPageSection() {
  return (
    <Section
      id="why-page"
      eyebrow="Short-term rentals"
      title="Why Page Works for Vacation Rentals"
      intro={
        <p>
          Visitors come to Page for Lake Powell, Horseshoe Bend and Antelope Canyon, and they need somewhere to stay
          close by.
        </p>
      }
    >
      <div className="grid gap-6 md:grid-cols-3">
        <FeatureCard icon="star" title={`Ranked ${facts.strRanking} nationally`}>
          Page is ranked {facts.strRanking} in the nation for short-term-rental investment.
        </FeatureCard>
        <FeatureCard icon="calendar" title="More nights booked">
          Occupancy of {facts.occupancyRange} against {facts.nationalOccupancy} for the nation as a whole.
        </FeatureCard>
        <FeatureCard icon="dollar" title="Healthy nightly rates">
          {facts.adr} a night on average; premium properties earn {facts.adrPremium}.
        </FeatureCard>
      </div>
    </Section>
  );
}

export function ReturnsSection() {
  return (
    <Section
      id="returns"
      tone="lake"
      eyebrow="Returns"
      title="What the Numbers Can Look Like"
      intro={<p>Our model property shows what a well-located, well-run rental on one of our lots can achieve.</p>}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatTile dark value={facts.capRateRange} label="Cap rate potential" />
        <StatTile dark value={facts.modelProperty.capRate} label="Cap rate of our model property" />
        <StatTile dark value={facts.modelProperty.roi} label="ROI of our model property" />
        <StatTile dark value={facts.adrPremium} label="Nightly rate, premium properties" />
      </div>
      <p className="mt-6 max-w-3xl text-sm text-lake-100">
        Model-property figures are a projection from the seller, not a promise: your results depend on the home you
        build, its management, pricing, costs and local short-term-rental rules. Ask us for the assumptions behind them.
      </p>
    </Section>
  );
}

export function BuildOptionsSection() {
  const bp = facts.builderPackage;
  return (
    <Section id="build-options" tone="sand" eyebrow="Getting started" title="Three Ways In">
      <div className="grid gap-6 md:grid-cols-3">
        <FeatureCard icon="key" title={`A lot from ${facts.lotsFrom}`}>
          Buy a lot and build the rental you want with your own builder.
        </FeatureCard>
        <FeatureCard icon="home" title={`A new home from ${facts.homesFrom}`}>
          Let us build a new-construction home for you, ready to furnish and list.
        </FeatureCard>
        <FeatureCard icon="users" title={`${bp.lots} lots for ${bp.total}`}>
          Qualified builders can take the whole builder package at {bp.perLot} per lot.
        </FeatureCard>
      </div>
    </Section>
  );
}
