/**
 * Lot alerts' words and numbers without their schemas (no valibot), so the public lot page's
 * JavaScript can use them cheaply. The schemas are in `lot-watches.ts`.
 */
export const LOT_WATCH_EMAIL_MESSAGE = 'Valid email is required';
/** How long the confirmation link of a watch works. */
export const LOT_WATCH_CONFIRM_HOURS = 72;
