/** /market: Market Overview, sections by anchor (spec §2), closing with the shared form. */
import { Link } from 'react-router-dom';
import heroImage from '../../assets/canyon-sunset.svg';
import { PageHero } from '../../components/ui/page-hero';
import { button } from '../../components/ui/styles';
import { facts } from '../../lib/market-facts';
import {
  LocationOverviewSection,
  MarketDataSection,
  MarketRankingSection,
} from '../../features/market/components/market-overview-sections';
import { HousingMarketSection, SupplyDemandSection } from '../../features/market/components/market-housing-sections';
import {
  InvestmentAppealSection,
  InvestmentHighlightsSection,
  InvestorTakeawaysSection,
} from '../../features/market/components/market-investment-sections';
import { SharedFormSection } from '../../features/submissions/components/shared-form-section';

export default function MarketPage() {
  return (
    <>
      <PageHero
        eyebrow="Market overview"
        title="Page, AZ Real Estate Market Overview"
        image={heroImage}
        lead={
          <p>
            Ranked {facts.strRanking} nationally for short-term-rental investment, with {facts.occupancy} occupancy
            against {facts.nationalOccupancy} nationally and average daily rates of {facts.adr}.
          </p>
        }
      >
        <a href="#market-data" className={button.primary}>
          Explore Market Data
        </a>
        <Link to="/investment" className={button.secondary}>
          Investment opportunities
        </Link>
      </PageHero>
      <LocationOverviewSection />
      <MarketRankingSection />
      <MarketDataSection />
      <HousingMarketSection />
      <SupplyDemandSection />
      <InvestmentAppealSection />
      <InvestmentHighlightsSection />
      <InvestorTakeawaysSection />
      <SharedFormSection
        source="market"
        title="Talk to Our Team"
        intro="Ask for the latest market figures, available lots or a tour."
      />
    </>
  );
}
