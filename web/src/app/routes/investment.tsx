/** /investment: the short-term-rental investment case, Sedona vs Page, and the shared form. */
import { Link } from 'react-router-dom';
import heroImage from '../../assets/marina-cove.svg';
import { PageHero } from '../../components/ui/page-hero';
import { button } from '../../components/ui/styles';
import { facts } from '../../lib/market-facts';
import {
  BuildOptionsSection,
  ReturnsSection,
  WhyPageSection,
} from '../../features/investment/components/investment-sections';
import { SedonaComparisonSection } from '../../features/investment/components/sedona-comparison-section';
import { SharedFormSection } from '../../features/submissions/components/shared-form-section';

export default function InvestmentPage() {
  return (
    <>
      <PageHero
        eyebrow="Investment opportunities"
        title="Short-Term Rental Investment in Page, AZ"
        image={heroImage}
        lead={
          <p>
            Occupancy of {facts.occupancyRange}, nightly rates of {facts.adr} and a {facts.strRanking} national ranking,
            with lots from {facts.lotsFrom}.
          </p>
        }
      >
        <a href="#returns" className={button.primary}>
          See the numbers
        </a>
        <Link to="/market" className={button.secondary}>
          Market overview
        </Link>
      </PageHero>
      <WhyPageSection />
      <ReturnsSection />
      <BuildOptionsSection />
      <SedonaComparisonSection />
      <SharedFormSection
        source="investment"
        defaultInterest="Short Term Rental Investment"
        title="Plan Your Investment"
        intro="Tell us what you want to build and we'll send lots, prices and rental figures that fit."
      />
    </>
  );
}
