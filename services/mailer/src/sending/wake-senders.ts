/** Wakes this process's idle send loop when there is new work here (a campaign stored, resumed or scheduled). */
import { createWakeGroup } from '../wake-group.ts';

const senders = createWakeGroup();
export const wakeSenders = senders.wake;
export const idle = senders.idle;
