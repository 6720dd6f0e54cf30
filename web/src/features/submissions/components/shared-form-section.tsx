/**
 * The closing contact section of the market, investment and builder pages (anchor `contact`):
 * the shared form beside the sales office card.
 */
import { Section } from '../../../components/ui/section';
import { SalesOfficeCard } from '../../../components/ui/sales-office-card';
import { LazySharedForm } from './lazy-shared-form';
import type { SharedFormProps } from './shared-form';

type Props = SharedFormProps & { title: string; intro: string };

export function SharedFormSection({ title, intro, ...form }: Props) {
  return (
    <Section id="contact" tone="sand" eyebrow="Contact" title={title} intro={<p>{intro}</p>}>
      <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr]">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
          <LazySharedForm {...form} />
        </div>
        <SalesOfficeCard />
      </div>
    </Section>
  );
}
