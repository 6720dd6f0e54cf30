/**
 * /sitemap: every main page, the lots for sale, the blog with its articles, and the XML sitemap.
 * Rendered by the gateway on each request with the published article cards and the current
 * lots, so every article link and every unsold lot's page is in the HTML.
 */
import { Link } from 'react-router-dom';
import type { BlogArticleCard, PublicLot } from '@lp/contracts';
import { lotPath } from '@lp/contracts/lot-names';
import { ExternalLink } from '../../components/layout/external-link';
import { BlogLinks } from '../../features/sitemap/components/blog-links';
import { usePageData } from '../page-data';

const MAIN_PAGES = [
  { to: '/', label: 'Home' },
  { to: '/market', label: 'Market Overview' },
  { to: '/investment', label: 'Investment Opportunities' },
  { to: '/map', label: 'Interactive Map' },
  { to: '/builder-package-1', label: 'Builder Package' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/sitemap', label: 'Sitemap' },
] as const;

export default function SitemapPage() {
  const data = usePageData();
  const articles = data.articles as BlogArticleCard[] | undefined;
  const forSale = ((data.lots as PublicLot[] | undefined) ?? []).filter((l) => l.status !== 'sold');
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-4xl font-bold tracking-tight text-lake-900">Sitemap</h1>
      <p className="mt-4 text-lg text-stone-700">Every page of the site in one place.</p>
      <div className="mt-10 grid gap-10 sm:grid-cols-2">
        <div>
          <h2 className="text-xl font-semibold text-lake-900">Main pages</h2>
          <ul className="mt-3 space-y-2">
            {MAIN_PAGES.map((p) => (
              <li key={p.to}>
                <Link to={p.to} className="text-lake-700 underline underline-offset-4 hover:text-lake-900">
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
          {forSale.length > 0 && (
            <>
              <h2 className="mt-8 text-xl font-semibold text-lake-900">Lots for sale</h2>
              <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4">
                {forSale.map((l) => (
                  <li key={l.number}>
                    <Link
                      to={lotPath(l.number)}
                      className="inline-flex min-h-6 items-center text-lake-700 underline underline-offset-4 hover:text-lake-900"
                    >
                      {`Lot ${l.number}`}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <BlogLinks {...(articles ? { initialArticles: articles } : {})} initialError={data.articlesError === true} />
      </div>
      <p className="mt-12 text-stone-700">
        For search engines:{' '}
        <ExternalLink href="/sitemap.xml" className="font-semibold text-lake-700 underline underline-offset-4">
          XML sitemap
        </ExternalLink>
      </p>
    </div>
  );
}
