/**
 * Builder package on the home page: location, pricing and ROI cards, the package summary,
 * market metrics, and links to the builder package and market pages.
 */
import { Link } from 'react-router-dom';
import { FeatureCard } from '../../../components/ui/feature-card';
import { Section } from '../../../components/ui/section';
import { StatTile } from '../../../components/ui/stat-tile';
import { button } from '../../../components/ui/styles';
import { facts } from '../../../lib/market-facts';

const bp = facts.builderPackage;

export function BuilderPackageSection() {
  return (
    <Section
      id="builder-package"
      tone="lake"
      eyebrow="For qualified builders"
      title={`Builder Package: ${bp.lots} Lots for ${bp.total}`}
      intro={
        <p>
          A limited-time offer: {bp.lots} lots in {bp.area}, each over {bp.minSqFt} sq ft, at {bp.perLot} per lot.
        </p>
      }
    >
      <div className="grid gap-6 text-stone-900 md:grid-cols-3">
        <FeatureCard icon="pin" title="Location">
          {bp.area} near Lake Powell: {facts.travel.marina} to the marina and {facts.travel.town} to town.
        </FeatureCard>
        <FeatureCard icon="dollar" title="Pricing">
          {bp.total} for all {bp.lots} lots, or {bp.perLot} per lot, well below the Page median listing price of{' '}
          {facts.medianListing}.
        </FeatureCard>
        <FeatureCard icon="chart" title="ROI">
          Cap rate potential of {facts.capRateRange} on short-term rentals, with average daily rates of {facts.adr}.
        </FeatureCard>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <div className="rounded-xl bg-white/10 p-6 ring-1 ring-white/20">
          <h3 className="text-xl font-semibold text-white">Package summary</h3>
          <ul className="mt-4 space-y-2 text-lake-100">
            <li>
              {bp.lots} residential lots in {bp.area}
            </li>
            <li>Every lot over {bp.minSqFt} sq ft, utilities ready</li>
            <li>
              {bp.total} in total ({bp.perLot} per lot)
            </li>
            <li>For qualified builders, while the offer lasts</li>
          </ul>
          <Link to="/builder-package-1" className={`${button.primary} mt-6`}>
            View Complete Builder Package
          </Link>
        </div>
        <div>
          <h3 className="text-xl font-semibold text-white">Market metrics</h3>
          <div className="mt-4 grid gap-4 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            <StatTile dark value={facts.strRanking} label="National ranking for short-term-rental investment" />
            <StatTile dark value={facts.occupancy} label={`Occupancy, against ${facts.nationalOccupancy} nationally`} />
            <StatTile dark value={facts.adr} label="Average daily rate" />
          </div>
          <Link to="/market" className={`${button.secondary} mt-6`}>
            Explore Complete Market Data
          </Link>
        </div>
      </div>
    </Section>
  );
}
