/** How the staff screen names statuses, tags, money, sizes and times. */
import { LOT_STATUS_LABELS, LOT_TAG_LABELS, type LotStatus, type LotTag } from '@lp/contracts';
import { formatDateTime } from '../../../lib/site-time';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const num = new Intl.NumberFormat('en-US');

export const statusLabel = (s: LotStatus) => LOT_STATUS_LABELS[s];
export const tagLabel = (t: LotTag) => LOT_TAG_LABELS[t];
export const money = (n: number) => usd.format(n);
export const squareFeet = (n: number) => `${num.format(n)} sq ft`;
export const changedAt = (iso: string) => formatDateTime(iso);
