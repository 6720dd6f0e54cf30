/**
 * /builder-package-1: the five-lot builder package, its details (with the package lots' current
 * status and prices, rendered per request), the offer and the shared form.
 */
import type { PublicLot } from '@lp/contracts';
import { usePageData } from '../page-data';
import heroImage from '../../assets/desert-lots.svg';
import { PageHero } from '../../components/ui/page-hero';
import { button } from '../../components/ui/styles';
import { facts } from '../../lib/market-facts';
import { BuilderLotDetails } from '../../features/builder/components/builder-lot-details';
import { BuilderOfferDetails } from '../../features/builder/components/builder-offer-details';
import { SharedFormSection } from '../../features/submissions/components/shared-form-section';

const bp = facts.builderPackage;

export default function BuilderPackagePage() {
  const lots = usePageData().lots as PublicLot[] | undefined;
  return (
    <>
      <PageHero
        eyebrow="Builder Package 1 · limited-time offer"
        title={`${bp.lots} Lots for ${bp.total}`}
        image={heroImage}
        lead={
          <p>
            {bp.lots} lots in {bp.area}, each over {bp.minSqFt} sq ft, at {bp.perLot} per lot, for qualified builders.
          </p>
        }
      >
        <a href="#lot-details" className={button.primary}>
          View Lot Details
        </a>
      </PageHero>
      <BuilderLotDetails {...(lots ? { lots } : {})} />
      <BuilderOfferDetails />
      <SharedFormSection
        source="builder-package-1"
        defaultInterest="Builder Package"
        topic="Builder Package Interest"
        title="Ask About the Builder Package"
        intro="Tell us about your company and plans; we'll confirm availability and send the package details."
      />
    </>
  );
}
