/** Market Overview, third part: investment appeal (with the Page vs national table), highlights and takeaways. */
import { DataTable } from '../../../components/ui/data-table';
import { FeatureCard } from '../../../components/ui/feature-card';
import { Section } from '../../../components/ui/section';
import { Icon } from '../../../components/icons/icon';
import { facts } from '../../../lib/market-facts';

export function InvestmentAppealSection() {
  return (
    <Section id="investment-appeal" eyebrow="Investment appeal" title="Why Investors Look at Page">
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        <FeatureCard icon="chart" title="Higher occupancy">
          {facts.occupancy} of nights booked, against {facts.nationalOccupancy} nationally.
        </FeatureCard>
        <FeatureCard icon="dollar" title="Strong nightly rates">
          {facts.adr} a night on average, {facts.adrPremium} for premium properties.
        </FeatureCard>
        <FeatureCard icon="key" title="Low entry price">
          Lots from {facts.lotsFrom}, far below the median listing price of {facts.medianListing}.
        </FeatureCard>
        <FeatureCard icon="water" title="Lasting draw">
          Lake Powell and the canyons bring visitors back every year.
        </FeatureCard>
      </div>
      <div className="mt-10">
        <DataTable
          caption="Page compared with the national average"
          columns={['Measure', 'Page, AZ', 'National average']}
          rows={[
            ['Short-term-rental occupancy', facts.occupancy, facts.nationalOccupancy],
            ['Nights booked a year (from occupancy)', '219-223 nights', 'about 183 nights'],
            ['Short-term-rental investment ranking', `${facts.strRanking} in the nation`, '-'],
          ]}
        />
      </div>
    </Section>
  );
}

const HIGHLIGHTS = [
  `Cap rate potential of ${facts.capRateRange} for well-run short-term rentals`,
  `Premium properties earning ${facts.adrPremium} a night`,
  `${facts.travel.marina} to the marina, ${facts.travel.town} to town`,
  `Builder package: ${facts.builderPackage.lots} lots for ${facts.builderPackage.total}`,
];

export function InvestmentHighlightsSection() {
  return (
    <Section id="investment-highlights" tone="lake" eyebrow="Highlights" title="Investment Highlights">
      <ul className="grid gap-4 sm:grid-cols-2">
        {HIGHLIGHTS.map((h) => (
          <li key={h} className="flex gap-3 rounded-xl bg-white/10 p-5 text-lg ring-1 ring-white/20">
            <Icon name="star" className="mt-1 size-5 shrink-0 text-canyon-100" />
            {h}
          </li>
        ))}
      </ul>
    </Section>
  );
}

const TAKEAWAYS = [
  'Demand is driven by year-round tourism to Lake Powell and the canyons, not by one season alone.',
  'Supply is limited by the land around Page, and the market is small compared with Sedona.',
  `Entry prices are low: build on a lot from ${facts.lotsFrom} instead of buying at the ${facts.medianListing} median.`,
  'Returns depend on management, pricing and local short-term-rental rules: check them before you buy.',
];

export function InvestorTakeawaysSection() {
  return (
    <Section id="investor-takeaways" eyebrow="Investor takeaways" title="What It Means for You">
      <ol className="grid gap-4 md:grid-cols-2">
        {TAKEAWAYS.map((t, i) => (
          <li key={t} className="flex gap-4 rounded-xl bg-sand-50 p-5 ring-1 ring-stone-200">
            <span className="grid size-9 shrink-0 place-items-center rounded-full bg-lake-800 font-bold text-white">
              {i + 1}
            </span>
            <span className="text-stone-800">{t}</span>
          </li>
        ))}
      </ol>
    </Section>
  );
}
