/**
 * Where a click on a campaign's link goes. A link to the seller's own site carries the
 * campaign, so the site's tracker records the visit as coming from it and lead attribution
 * names the campaign: `utm_source=email`, `utm_medium=email`, `utm_campaign=<campaign name>`
 * and `utm_id=<campaign id>`. A link that already has utm_* parameters keeps the ones its author
 * chose; links to other hosts are never changed.
 */
import { EMAIL_UTM_MEDIUM, site } from '@lp/contracts';

const EMAIL_UTM_SOURCE = 'email';

/** The seller's own hosts: the site's, its www. twin, and the host the messages' links point at. */
export function ownSiteHosts(publicUrl: string): ReadonlySet<string> {
  const hosts = new Set([site.host, `www.${site.host}`]);
  try {
    hosts.add(new URL(publicUrl).hostname.toLowerCase());
  } catch {
    // A malformed MAIL_PUBLIC_URL is refused by the configuration; nothing to add.
  }
  return hosts;
}

export function attributeClickUrl(
  url: string,
  campaign: { campaignId: number; campaignName: string },
  ownHosts: ReadonlySet<string>,
): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!/^https?:$/.test(parsed.protocol) || !ownHosts.has(parsed.hostname.toLowerCase())) return url;
  if ([...parsed.searchParams.keys()].some((k) => k.toLowerCase().startsWith('utm_'))) return url;
  parsed.searchParams.append('utm_source', EMAIL_UTM_SOURCE);
  parsed.searchParams.append('utm_medium', EMAIL_UTM_MEDIUM);
  parsed.searchParams.append('utm_campaign', campaign.campaignName);
  parsed.searchParams.append('utm_id', String(campaign.campaignId));
  return parsed.toString();
}
