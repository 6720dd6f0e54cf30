/** Dates in the staff blog list: "Nov 17, 2026, 9:00 AM" in the site's time zone. */
import { formatDateTime } from '../../../lib/site-time';

export const formatStaffDate = (iso: string | null | undefined): string => formatDateTime(iso);
