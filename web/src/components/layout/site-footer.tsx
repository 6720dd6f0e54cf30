/**
 * Site footer: home-page anchors, page links, external resources (new tab), the lender
 * partner, the sales office and the legal disclaimer.
 */
import { Link } from 'react-router-dom';
import { site } from '@lp/contracts/site';
import { AnchorLink } from './anchor-link';
import { ExternalLink } from './external-link';
import { FooterColumn } from './footer-column';

const link = 'inline-flex min-h-6 items-center rounded text-sm text-lake-100 hover:text-white hover:underline';

const RESOURCES = [
  { href: 'https://www.nps.gov/glca/index.htm', label: 'Glen Canyon National Recreation Area' },
  { href: 'https://www.lakepowell.com/', label: 'Lake Powell Resorts & Marinas' },
  { href: 'https://www.cityofpage.org/', label: 'City of Page' },
  { href: 'https://www.visitarizona.com/', label: 'Visit Arizona' },
] as const;

export function SiteFooter() {
  const o = site.office;
  return (
    <footer className="bg-lake-900 text-lake-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <FooterColumn title={site.brand}>
          <li className="text-sm">
            {o.street}, {o.city}, {o.region} {o.postalCode}
          </li>
          <li>
            <a className={link} href={site.phoneHref}>
              {site.phone}
            </a>
          </li>
          <li>
            <a className={link} href={`mailto:${site.email}`}>
              {site.email}
            </a>
          </li>
          <li className="text-sm">{o.hours}</li>
        </FooterColumn>
        <FooterColumn title="Explore">
          <li>
            <AnchorLink anchor="map" className={link}>
              Lot map
            </AnchorLink>
          </li>
          <li>
            <AnchorLink anchor="amenities" className={link}>
              Amenities
            </AnchorLink>
          </li>
          <li>
            <AnchorLink anchor="financing" className={link}>
              Financing
            </AnchorLink>
          </li>
          <li>
            <AnchorLink anchor="contact" className={link}>
              Contact form
            </AnchorLink>
          </li>
        </FooterColumn>
        <FooterColumn title="Pages">
          <li>
            <Link className={link} to="/contact">
              Contact us
            </Link>
          </li>
          <li>
            <Link className={link} to="/blog">
              Blog
            </Link>
          </li>
          <li>
            <Link className={link} to="/market">
              Market overview
            </Link>
          </li>
          <li>
            <Link className={link} to="/builder-package-1">
              Builder package
            </Link>
          </li>
          <li>
            <Link className={link} to="/investment">
              Investment opportunities
            </Link>
          </li>
          <li>
            <Link className={link} to="/sitemap">
              Sitemap
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn title="Resources">
          {RESOURCES.map((r) => (
            <li key={r.href}>
              <ExternalLink className={link} href={r.href}>
                {r.label}
              </ExternalLink>
            </li>
          ))}
          <li className="pt-2 text-sm">
            Preferred lender: <span className="font-semibold text-white">{site.lender.name}</span>,{' '}
            <a className={link} href={site.lender.phoneHref}>
              {site.lender.phone}
            </a>
          </li>
        </FooterColumn>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto max-w-7xl space-y-2 px-4 py-6 text-xs leading-relaxed text-lake-100 sm:px-6">
          <p>
            The content of this site is for information only and is not an offer or a guarantee of price, availability,
            rental income or investment return. Lot maps, lot lines and sizes are approximate. Prices and availability
            can change without notice; confirm all details with our sales office.
          </p>
          <p>
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {site.legalName}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
