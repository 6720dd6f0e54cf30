/**
 * The events the tracker sends on its own, without page code: a click on a link to another
 * site, a click on a link to a file, and a visit to a page that does not exist (with the page
 * that sent the visitor there). The analytics service rolls them up per day
 * (`analytics.daily_events`) for the Web Analytics screen. Browser-safe: no validation library.
 */
export const OUTBOUND_CLICK_EVENT = 'outbound_click';
export const FILE_DOWNLOAD_EVENT = 'file_download';
export const NOT_FOUND_EVENT = 'not_found';
export const SITE_EVENT_NAMES = [OUTBOUND_CLICK_EVENT, FILE_DOWNLOAD_EVENT, NOT_FOUND_EVENT] as const;
export type SiteEventName = (typeof SITE_EVENT_NAMES)[number];

/** A link to a file of one of these types counts as a download (Plausible's list, less executables). */
export const FILE_DOWNLOAD_EXTENSIONS = [
  'pdf',
  'xlsx',
  'xls',
  'docx',
  'doc',
  'txt',
  'rtf',
  'csv',
  'pptx',
  'ppt',
  'key',
  'pages',
  'numbers',
  '7z',
  'rar',
  'gz',
  'zip',
  'kml',
  'kmz',
  'gpx',
  'dwg',
  'mp4',
  'mov',
  'avi',
  'mp3',
  'wav',
] as const;
