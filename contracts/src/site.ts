/**
 * Site facts: the one place that names the seller, how to reach them and where they are.
 * The public pages, the prerendered metadata, the JSON-LD, e-mail footers and default
 * senders all read from here; change a value here and rebuild (`pnpm build`).
 */
export const site = {
  brand: 'Lake Powell Lots',
  legalName: 'Lake Powell Lots LLC',
  tagline: 'Lots For Sale in Lake Powell, AZ',
  /** Public origin, no trailing slash: canonical links, sitemap, Open Graph, pixels in production. */
  origin: 'https://lakepowelllots.com',
  host: 'lakepowelllots.com',
  phone: '(928) 555-0142',
  phoneHref: 'tel:+19285550142',
  email: 'info@lakepowelllots.com',
  office: {
    street: '40 S Lake Powell Blvd, Suite 3',
    city: 'Page',
    region: 'AZ',
    postalCode: '86040',
    country: 'US',
    hours: 'Monday - Sunday, 9AM - 5PM',
    /** schema.org openingHours */
    openingHours: 'Mo-Su 09:00-17:00',
    geo: { latitude: 36.9147, longitude: -111.4558 },
  },
  /** Postal address printed in every broadcast's footer (CAN-SPAM). */
  postalAddress: 'Lake Powell Lots LLC, 40 S Lake Powell Blvd, Suite 3, Page, AZ 86040',
  lender: { name: 'Canyon Country Home Loans', phone: '(928) 555-0142', phoneHref: 'tel:+19285550142' },
  /**
   * YouTube id of the seller's video tour, loaded only when the visitor presses play. While it
   * is empty the video section offers a live video walk-through by phone instead.
   */
  videoId: '' as string,
  videoTitle: 'Lake Powell lots video tour',
  /** The external lot-viewer site shown in the map section's frame and its 'Open in New Tab' link. */
  lotViewerUrl: 'https://lakepowelllots.com/map',
  /** What the home page's lot-map frame loads: the chrome-less lot map, same origin as the page. */
  lotViewerFrameUrl: '/embed',
  /** Where the sales office is on a map (the contact card's directions link). */
  directionsUrl: 'https://www.openstreetmap.org/?mlat=36.9147&mlon=-111.4558#map=16/36.9147/-111.4558',
  social: { image: '/og-image.png' },
  /**
   * Hosts an article body may show images from besides the site's own `/media/` (for example
   * `'images.example-cdn.com'`). Every other remote image is removed when an article is saved
   * and from the editor's preview alike: a third-party image lets its host track readers.
   */
  blogImageHosts: [] as readonly string[],
} as const;

export type Site = typeof site;
