/**
 * Whether an open was fetched by a mail privacy proxy rather than seen by a person: Apple Mail
 * Privacy Protection fetches every image at delivery with the bare user agent `Mozilla/5.0`;
 * Yahoo's and similar prefetching proxies name themselves. Such opens are kept, flagged, and not
 * counted as unique human opens. (Gmail's image proxy fetches when the person opens: counted.)
 */
const PROXY_AGENTS = /YahooMailProxy|Apple-?Mail-?Privacy|ProtonMail|Mimecast|Barracuda|Proofpoint/i;

export function isProxyOpen(userAgent: string): boolean {
  const ua = userAgent.trim();
  return ua === 'Mozilla/5.0' || ua === '' || PROXY_AGENTS.test(ua);
}
