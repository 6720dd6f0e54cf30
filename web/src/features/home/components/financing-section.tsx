/**
 * Financing (anchor `financing`): what financing covers, 'Get Pre-Qualified Today' (scrolls to
 * the contact form) and the preferred lender's number.
 */
import { site } from '@lp/contracts/site';
import { AnchorLink } from '../../../components/layout/anchor-link';
import { FeatureCard } from '../../../components/ui/feature-card';
import { Section } from '../../../components/ui/section';
import { button } from '../../../components/ui/styles';

export function FinancingSection() {
  return (
    <Section
      id="financing"
      eyebrow="Financing"
      title="Financing Made Simple"
      intro={<p>Finance your lot, your build or a new home through our preferred lender, {site.lender.name}.</p>}
    >
      <div className="grid gap-6 md:grid-cols-3">
        <FeatureCard icon="key" title="Lot and land loans">
          Finance the purchase of your lot now and build when you are ready.
        </FeatureCard>
        <FeatureCard icon="home" title="Construction-to-permanent loans">
          One loan that pays for the build and becomes your mortgage when the home is finished.
        </FeatureCard>
        <FeatureCard icon="star" title="Current incentives">
          Ask our sales team about this month's buyer and builder incentives; every offer is confirmed in writing.
        </FeatureCard>
      </div>
      <div className="mt-10 flex flex-col gap-4 rounded-xl bg-lake-50 p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-lg text-lake-900">
          Talk to {site.lender.name}:{' '}
          <a href={site.lender.phoneHref} className="font-semibold underline underline-offset-4">
            {site.lender.phone}
          </a>
        </p>
        <AnchorLink anchor="contact" className={button.primary}>
          Get Pre-Qualified Today
        </AnchorLink>
      </div>
    </Section>
  );
}
