/** Investment page, closing comparison: Sedona against Page for a short-term-rental investor. */
import { DataTable } from '../../../components/ui/data-table';
import { Section } from '../../../components/ui/section';
import { facts } from '../../../lib/market-facts';

export function SedonaComparisonSection() {
  return (
    <Section
      id="sedona-vs-page"
      eyebrow="Comparison"
      title="Sedona vs. Page"
      intro={
        <p>
          Sedona is Arizona's best-known vacation-rental market. Page offers the same red-rock scenery plus a lake, with
          far fewer rentals competing for each guest.
        </p>
      }
    >
      <DataTable
        caption="Sedona compared with Page for short-term-rental investors"
        columns={['', 'Sedona', 'Page']}
        rows={[
          ['Competing listings', facts.listings.sedona, facts.listings.page],
          [
            'Main attractions',
            'Red Rock country, Oak Creek Canyon, trails',
            'Lake Powell, Horseshoe Bend, Antelope Canyon',
          ],
          ['Water recreation', 'Creeks and swimming holes', `Lake Powell, ${facts.travel.marina} from our lots`],
          ['Short-term-rental ranking', '-', `${facts.strRanking} in the nation`],
          ['Our entry price', '-', `Lots from ${facts.lotsFrom}`],
        ]}
        note="Listing counts are approximate and change through the year."
      />
    </Section>
  );
}
