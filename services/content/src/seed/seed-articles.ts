/**
 * The blog's first six articles (Markdown beside this file) and their cover drawings (our own
 * SVGs, 1200×630, in the site's canyon and lake palette). Stored once, by a data migration,
 * only into an empty blog. Tags are chosen so each is shared by at least two articles.
 */
import { readFileSync } from 'node:fs';
import { site } from '@lp/contracts';

type SeedArticle = {
  slug: string;
  title: string;
  summary: string;
  tags: string[];
  cover: string;
  publishedAt: string;
};

export const SEED_ARTICLES: readonly SeedArticle[] = [
  {
    slug: 'buying-a-lot-near-lake-powell',
    title: 'Buying a Lot Near Lake Powell: A Practical Checklist',
    summary:
      'Zoning and CC&Rs, access and utilities, soils and drainage, surveys and title: what to check before you buy a residential lot near Lake Powell, and in what order.',
    tags: ['Buying', 'Lots', 'Financing', 'Page AZ'],
    cover: 'buying-a-lot.svg',
    publishedAt: '2026-09-08T16:00:00.000Z',
  },
  {
    slug: 'building-a-home-near-lake-powell',
    title: 'Building a Home Near Lake Powell: Permits, Utilities and Desert Design',
    summary:
      'Who issues your permit, how to price power, water and wastewater before you design, and how to build for high-desert sun, monsoon storms, wind and soils.',
    tags: ['Building', 'Builders', 'Lots'],
    cover: 'building-a-home.svg',
    publishedAt: '2026-09-22T16:00:00.000Z',
  },
  {
    slug: 'financing-a-lot-and-new-home-construction',
    title: 'Financing a Lot and a New Home: Land Loans, Construction Loans and What Lenders Ask For',
    summary:
      'Cash for the land or a land loan, one-time or two-time close construction loans, the documents lenders ask for, and why a rental changes the terms.',
    tags: ['Financing', 'Buying', 'Building'],
    cover: 'financing.svg',
    publishedAt: '2026-10-06T16:00:00.000Z',
  },
  {
    slug: 'page-az-market-by-the-numbers',
    title: 'The Page, Arizona Market by the Numbers',
    summary:
      'About 600 listings against 3,200+ in Sedona, a median age of 33, rents near $2,000 a month and a median listing around $410,000: what the figures mean for buyers.',
    tags: ['Market Data', 'Page AZ', 'Investing', 'Short-Term Rentals'],
    cover: 'market-numbers.svg',
    publishedAt: '2026-10-20T16:00:00.000Z',
  },
  {
    slug: 'short-term-rental-investing-in-page-az',
    title: 'Short-Term Rental Investing in Page, AZ: The Numbers and the Caveats',
    summary:
      'Occupancy of 60–65% against about 50% nationally and nightly rates of $240–$300+: what Page’s short-term-rental figures mean, and what they leave out.',
    tags: ['Investing', 'Short-Term Rentals', 'Market Data', 'Page AZ'],
    cover: 'short-term-rentals.svg',
    publishedAt: '2026-11-03T16:00:00.000Z',
  },
  {
    slug: 'builder-package-good-hope-bay',
    title: 'The Builder Package: Five Good Hope Bay Lots for $275,000',
    summary:
      'Five lots in Good Hope Bay, each over 10,000 sq ft, for $275,000 ($55,000 a lot): what the package includes, who qualifies and what to check before you commit.',
    tags: ['Builders', 'Lots', 'Investing'],
    cover: 'builder-package.svg',
    publishedAt: '2026-11-17T16:00:00.000Z',
  },
];

/** Site facts the seed articles name, filled in from `site` so the articles follow its changes. */
const SEED_FACTS: Record<string, string> = {
  '{phone}': site.phone,
  '{lender}': site.lender.name,
  '{lenderPhone}': site.lender.phone,
};

export const readSeedMarkdown = (slug: string): string =>
  readFileSync(new URL(`./articles/${slug}.md`, import.meta.url), 'utf8').replace(
    /\{(phone|lender|lenderPhone)\}/g,
    (placeholder) => SEED_FACTS[placeholder] ?? placeholder,
  );

export const readSeedCover = (file: string): Buffer => readFileSync(new URL(`./covers/${file}`, import.meta.url));
