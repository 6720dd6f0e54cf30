/**
 * Builder Package 1, `lot-details`: lake views, lot sizes, utilities, availability, the
 * summary and the package's lots with their current status and prices.
 */
import type { PublicLot } from '@lp/contracts';
import { site } from '@lp/contracts/site';
import { FeatureCard } from '../../../components/ui/feature-card';
import { Section } from '../../../components/ui/section';
import { facts } from '../../../lib/market-facts';
import { BuilderPackageLots } from './builder-package-lots';

const bp = facts.builderPackage;

export function BuilderLotDetails({ lots }: { lots?: readonly PublicLot[] }) {
  return (
    <Section
      id="lot-details"
      eyebrow="Lot details"
      title={`${bp.lots} Lots in ${bp.area}`}
      intro={<p>Each lot is over {bp.minSqFt} sq ft, ready for utilities, minutes from the water.</p>}
    >
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        <FeatureCard icon="water" title="Lake views">
          Lots close to Lake Powell, {facts.travel.marina} from the marina.
        </FeatureCard>
        <FeatureCard icon="ruler" title={`Over ${bp.minSqFt} sq ft`}>
          Room for a family home or a spacious vacation rental on every lot.
        </FeatureCard>
        <FeatureCard icon="bolt" title="Utilities ready">
          Utilities are available to the lots, so you can plan your build right away.
        </FeatureCard>
        <div className="rounded-xl bg-canyon-600 p-6 text-white shadow-sm">
          <h3 className="text-lg font-semibold">Call For Availability</h3>
          <p className="mt-2">The package is offered for a limited time. Call to confirm which lots are still in it.</p>
          <a
            href={site.phoneHref}
            className="mt-4 inline-flex min-h-11 items-center rounded-md bg-white px-4 font-semibold text-canyon-700 hover:bg-canyon-50"
          >
            {site.phone}
          </a>
        </div>
      </div>
      <div className="mt-10 rounded-2xl bg-lake-900 p-6 text-white sm:p-8">
        <h3 className="text-xl font-semibold">Package summary</h3>
        <dl className="mt-4 grid gap-4 sm:grid-cols-4">
          {[
            ['Lots', String(bp.lots)],
            ['Location', bp.area],
            ['Price per lot', bp.perLot],
            ['Package price', bp.total],
          ].map(([k, val]) => (
            <div key={k}>
              <dt className="text-sm text-lake-100">{k}</dt>
              <dd className="text-2xl font-bold">{val}</dd>
            </div>
          ))}
        </dl>
      </div>
      {lots && <BuilderPackageLots lots={lots} />}
    </Section>
  );
}
