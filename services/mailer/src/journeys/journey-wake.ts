/** Wakes this process's idle journey engine when contacts entered here or a journey was resumed or edited. */
import { createWakeGroup } from '../wake-group.ts';

const engine = createWakeGroup();
export const wakeJourneys = engine.wake;
export const idle = engine.idle;
