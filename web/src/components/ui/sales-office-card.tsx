/** The sales office card: phone, e-mail, street address and office hours. */
import { site } from '@lp/contracts/site';
import { Icon, type IconName } from '../icons/icon';
import type { ReactNode } from 'react';

function Row({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-lake-50 text-lake-700">
        <Icon name={icon} className="size-5" />
      </span>
      <div>
        <p className="text-sm font-semibold text-stone-600">{label}</p>
        <div className="text-stone-900">{children}</div>
      </div>
    </li>
  );
}

export function SalesOfficeCard({ headingLevel: H = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const o = site.office;
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
      <H className="text-xl font-semibold text-lake-900">Sales office</H>
      <ul className="mt-4 space-y-4">
        <Row icon="phone" label="Sales">
          <a className="font-semibold text-lake-700 underline underline-offset-4" href={site.phoneHref}>
            {site.phone}
          </a>
        </Row>
        <Row icon="mail" label="Email">
          <a className="font-semibold text-lake-700 underline underline-offset-4" href={`mailto:${site.email}`}>
            {site.email}
          </a>
        </Row>
        <Row icon="pin" label="Address">
          {o.street}
          <br />
          {o.city}, {o.region} {o.postalCode}
        </Row>
        <Row icon="clock" label="Office hours">
          {o.hours}
        </Row>
      </ul>
    </div>
  );
}
