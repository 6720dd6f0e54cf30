/**
 * Map section (anchor `map`): lot and home starting prices, how many lots are available now and
 * every lot with its status and price (server-rendered from the inventory), the lot viewer in
 * an 800px frame (loaded lazily), and an 'Open in New Tab' link to it.
 */
import type { PublicLot } from '@lp/contracts';
import { site } from '@lp/contracts/site';
import { ExternalLink } from '../../../components/layout/external-link';
import { Section } from '../../../components/ui/section';
import { button } from '../../../components/ui/styles';
import { facts } from '../../../lib/market-facts';
import { LotsAtAGlance } from './lots-at-a-glance';
import { formatUsd, lowestPrice } from '../../../lib/lot-status';

export function MapSection({ lots }: { lots?: readonly PublicLot[] }) {
  const from = lots ? lowestPrice(lots) : null;
  return (
    <Section
      id="map"
      eyebrow="Interactive property map"
      title={`Lots from ${from !== null ? formatUsd(from) : facts.lotsFrom} · New Homes from ${facts.homesFrom}`}
      intro={
        <p>
          Explore every lot: available, premium lake view, featured and sold. Zoom in, pan, and select a lot for its
          price and size.
        </p>
      }
    >
      {lots && lots.length > 0 && <LotsAtAGlance lots={lots} />}
      <div className="overflow-hidden rounded-2xl ring-1 ring-stone-200">
        <iframe
          src={site.lotViewerFrameUrl}
          title="Interactive lot map"
          loading="lazy"
          height={800}
          className="block h-[800px] w-full border-0 bg-sand-50"
        />
      </div>
      <div className="mt-4">
        <ExternalLink href={site.lotViewerUrl} className={button.dark}>
          Open in New Tab
        </ExternalLink>
      </div>
    </Section>
  );
}
