/**
 * The closing contact section of the market, investment and builder pages (anchor `contact`):
 * the shared lead form beside the sales office card.
 */
import { Section } from '../../../components/ui/section';
import { ContactDetails } from '../../contact/components/contact-details';
import { LazyLeadForm } from './lazy-lead-form';
import type { LeadFormProps } from './lead-form';

type Props = LeadFormProps & { title: string; intro: string };

export function LeadFormSection({ title, intro, ...form }: Props) {
  return (
    <Section id="contact" tone="sand" eyebrow="Contact" title={title} intro={<p>{intro}</p>}>
      <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr]">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
          <LazyLeadForm {...form} />
        </div>
        <ContactDetails />
      </div>
    </Section>
  );
}
