/**
 * Contact (anchor `contact`): the shared form (given by the page, which composes features), sales
 * phone, e-mail, sales office and hours, and five reasons to choose us.
 */
import type { ReactNode } from 'react';
import { site } from '@lp/contracts/site';
import { Section } from '../../../components/ui/section';
import { Icon } from '../../../components/icons/icon';
import { facts } from '../../../lib/market-facts';
import { SalesOfficeCard } from '../../../components/ui/sales-office-card';

const REASONS = [
  `Lots from ${facts.lotsFrom}, homes from ${facts.homesFrom}`,
  `${facts.travel.marina} to the marina, ${facts.travel.town} to town`,
  `Builder package: ${facts.builderPackage.lots} lots for ${facts.builderPackage.total}`,
  `Financing through ${site.lender.name}`,
  'A local sales office, open seven days a week',
];

export function ContactSection({ form }: { form: ReactNode }) {
  return (
    <Section
      id="contact"
      tone="sand"
      eyebrow="Contact"
      title="Get in Touch"
      intro={<p>Ask about a lot, book a tour or get pre-qualified: send the form or call us.</p>}
    >
      <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr]">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">{form}</div>
        <div className="space-y-8">
          <SalesOfficeCard />
          <div>
            <h3 className="text-xl font-semibold text-lake-900">Why Choose {site.brand}</h3>
            <ul className="mt-4 space-y-2">
              {REASONS.map((r) => (
                <li key={r} className="flex gap-2 text-stone-700">
                  <Icon name="check" className="mt-0.5 size-5 shrink-0 text-lake-700" />
                  {r}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </Section>
  );
}
