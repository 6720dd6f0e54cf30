/**
 * Browser and device detection of the visitor tracker (spec §9): browser checked in the order
 * Chrome, Safari, Firefox, Internet Explorer, Edge, Opera, otherwise Unknown; device is tablet
 * (iPad or tablet user agents), mobile or desktop.
 */
export type BrowserName = 'Chrome' | 'Safari' | 'Firefox' | 'Internet Explorer' | 'Edge' | 'Opera' | 'Unknown';
export type DeviceType = 'mobile' | 'tablet' | 'desktop';

const BROWSER_TESTS: ReadonlyArray<readonly [BrowserName, RegExp]> = [
  ['Chrome', /Chrome\//],
  ['Safari', /Safari\//],
  ['Firefox', /Firefox\//],
  ['Internet Explorer', /MSIE |Trident\//],
  ['Edge', /Edge?\//],
  ['Opera', /Opera|OPR\//],
];

/** The first browser of the spec's order whose token the user agent contains. */
export function detectBrowser(userAgent: string): BrowserName {
  for (const [name, test] of BROWSER_TESTS) if (test.test(userAgent)) return name;
  return 'Unknown';
}

export function detectDeviceType(userAgent: string): DeviceType {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return 'tablet';
  if (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|IEMobile|Opera Mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
