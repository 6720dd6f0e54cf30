/**
 * What a lot's page (`/lots/{number}`) puts in its <head>: title, description, canonical path
 * and Product + Offer JSON-LD whose availability follows the lot's status (InStock,
 * LimitedAvailability while reserved, SoldOut; a sold lot's offer has no price).
 */
import type { PublicLot } from '@lp/contracts';
import { LOT_TAG_LABELS, lotPath } from '@lp/contracts/lot-names';
import { site } from '@lp/contracts/site';
import { STYLE_INFO, priceText, sizeText, styleOf } from './lot-status';

type LotHead = { title: string; description: string; canonicalPath: string; jsonLd: Record<string, unknown> };

const AVAILABILITY = {
  available: 'https://schema.org/InStock',
  reserved: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
} as const;

export function lotHead(lot: PublicLot): LotHead {
  const canonicalPath = lotPath(lot.number);
  const url = `${site.origin}${canonicalPath}`;
  const kind = STYLE_INFO[styleOf(lot)].name;
  const forSale = lot.status === 'sold' ? 'Sold' : `${kind}, ${priceText(lot)}`;
  const description =
    `Lot ${lot.number} near Lake Powell in Page, AZ: ${sizeText(lot)}, ${forSale}. ${lot.description}`.trim();
  return {
    title: `Lot ${lot.number}: ${lot.status === 'sold' ? 'Sold' : priceText(lot)}, ${sizeText(lot)} | ${site.brand}`,
    description: description.length > 300 ? `${description.slice(0, 297)}...` : description,
    canonicalPath,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: `Lot ${lot.number}, Block ${lot.block}`,
      sku: `lot-${lot.number}`,
      description: lot.description || `Residential lot ${lot.number} near Lake Powell.`,
      url,
      category: 'Residential lot',
      brand: { '@type': 'Brand', name: site.brand },
      additionalProperty: [
        { '@type': 'PropertyValue', name: 'Lot size', value: lot.sizeSqFt, unitCode: 'FTK', unitText: 'sq ft' },
        ...lot.tags.map((t) => ({ '@type': 'PropertyValue', name: 'Feature', value: LOT_TAG_LABELS[t] })),
      ],
      offers: {
        '@type': 'Offer',
        url,
        priceCurrency: 'USD',
        ...(lot.price !== null && lot.status !== 'sold' ? { price: lot.price } : {}),
        availability: AVAILABILITY[lot.status],
        seller: { '@type': 'Organization', name: site.legalName, url: site.origin },
      },
    },
  };
}
