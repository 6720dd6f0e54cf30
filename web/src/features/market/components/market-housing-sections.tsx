/** Market Overview, second part: the housing market (with the lot price table) and supply and demand. */
import { DataTable } from '../../../components/ui/data-table';
import { FeatureCard } from '../../../components/ui/feature-card';
import { Section } from '../../../components/ui/section';
import { StatTile } from '../../../components/ui/stat-tile';
import { facts } from '../../../lib/market-facts';

const bp = facts.builderPackage;

export function HousingMarketSection() {
  return (
    <Section
      id="housing-market"
      eyebrow="Housing market"
      title="Prices, Rents and Lots"
      intro={
        <p>
          Homes in Page list at a median of {facts.medianListing}. A lot from {facts.lotsFrom} lets you build for less
          than buying an existing home.
        </p>
      }
    >
      <div className="grid gap-6 sm:grid-cols-3">
        <StatTile value={facts.medianListing.replace('about ', '~')} label="Median listing price" />
        <StatTile
          value={facts.averageRent.replace('about ', '~').replace(' per month', '/mo')}
          label="Average long-term rent"
        />
        <StatTile
          value={facts.listings.page.replace('about ', '~')}
          label="Listings in Page"
          note={`Against ${facts.listings.sedona} in Sedona`}
        />
      </div>
      <div className="mt-10">
        <DataTable
          caption="Lot and home price comparison"
          columns={['Option', 'Price', 'Notes']}
          rows={[
            ['Standard lot', `From ${facts.lotsFrom}`, 'Residential lots near the lake'],
            ['Premium lake-view lot', 'From $75,000', 'Lakeside row with views of the water'],
            ['Builder package lot', `${bp.perLot} each`, `${bp.lots} lots for ${bp.total}, qualified builders`],
            ['New-construction home', `From ${facts.homesFrom}`, 'Built for you on one of our lots'],
            ['Median home listing in Page', facts.medianListing, 'Existing homes on the market'],
          ]}
          note="Prices change; our sales office confirms current prices and availability."
        />
      </div>
    </Section>
  );
}

export function SupplyDemandSection() {
  return (
    <Section
      id="supply-demand"
      tone="sand"
      eyebrow="Supply and demand"
      title="Little Land, Steady Demand"
      intro={
        <p>
          Few places to build, a steady flow of visitors and a young local workforce: the conditions that support prices
          and rents.
        </p>
      }
    >
      <div className="grid gap-6 md:grid-cols-3">
        <FeatureCard icon="ruler" title="Constrained supply">
          Federal and tribal land around Page limits new lots, and about 600 listings make for a small market.
        </FeatureCard>
        <FeatureCard icon="users" title="Visitor demand">
          Occupancy of {facts.occupancy} against {facts.nationalOccupancy} nationally shows how many nights visitors
          fill.
        </FeatureCard>
        <FeatureCard icon="home" title="Local demand">
          An average rent of {facts.averageRent} and a median age of {facts.medianAge} point to steady long-term renters
          too.
        </FeatureCard>
      </div>
    </Section>
  );
}
