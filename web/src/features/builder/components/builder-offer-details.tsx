/** Builder Package 1, `offer-details`: six reasons the package works for a builder, and the CTA. */
import { site } from '@lp/contracts/site';
import { FeatureCard } from '../../../components/ui/feature-card';
import { Section } from '../../../components/ui/section';
import { button } from '../../../components/ui/styles';
import { facts } from '../../../lib/market-facts';

export function BuilderOfferDetails() {
  const bp = facts.builderPackage;
  return (
    <Section id="offer-details" tone="sand" eyebrow="The offer" title="Why Builders Take This Package">
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <FeatureCard icon="dollar" title="Package pricing">
          {bp.lots} lots for {bp.total}: {bp.perLot} each, below the price of lots bought one at a time.
        </FeatureCard>
        <FeatureCard icon="bolt" title="Build-ready lots">
          Utilities ready and every lot over {bp.minSqFt} sq ft.
        </FeatureCard>
        <FeatureCard icon="chart" title="Rental demand">
          Page is ranked {facts.strRanking} nationally for short-term rentals, a ready market for what you build.
        </FeatureCard>
        <FeatureCard icon="home" title="Resale value">
          Homes in Page list at a median of {facts.medianListing}; new homes here start at {facts.homesFrom}.
        </FeatureCard>
        <FeatureCard icon="pin" title="Close to everything">
          {facts.travel.marina} to the marina, {facts.travel.town} to town, {facts.travel.flagstaff} to Flagstaff.
        </FeatureCard>
        <FeatureCard icon="key" title="Construction financing">
          Ask {site.lender.name} about construction loans for qualified builders.
        </FeatureCard>
      </div>
      <div className="mt-10 flex flex-col items-start gap-4 rounded-xl bg-white p-6 ring-1 ring-stone-200 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-lg font-semibold text-lake-900">Ready to secure all {bp.lots} lots before the offer ends?</p>
        <a href="#contact" className={button.primary}>
          Request the builder package
        </a>
      </div>
    </Section>
  );
}
