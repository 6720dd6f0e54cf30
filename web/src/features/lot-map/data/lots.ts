/**
 * The lot map's data: one entry per lot with its number, status, price (null when sold), size
 * and outline in the map's 1000×720 coordinate space. Illustrative site plan: lot lines are
 * approximate (see the footer disclaimer); the sales office confirms availability.
 */
export type LotStatus = 'available' | 'premium' | 'featured' | 'sold';
export type Lot = { id: string; number: number; status: LotStatus; price: number | null; sizeSqFt: number; path: string; label: { x: number; y: number } };

export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = 720;

export const LOTS: readonly Lot[] = [
  { id: 'lot-1', number: 1, status: 'premium', price: 75000, sizeSqFt: 10800, path: 'M109 160 L184 164 L181 271 L113 275 Z', label: { x: 146, y: 217 } },
  { id: 'lot-2', number: 2, status: 'premium', price: 75000, sizeSqFt: 10600, path: 'M189 154 L263 155 L259 266 L188 269 Z', label: { x: 224, y: 211 } },
  { id: 'lot-3', number: 3, status: 'sold', price: null, sizeSqFt: 14200, path: 'M263 154 L340 150 L343 266 L263 263 Z', label: { x: 302, y: 208 } },
  { id: 'lot-4', number: 4, status: 'premium', price: 75000, sizeSqFt: 11050, path: 'M345 152 L418 148 L416 260 L345 266 Z', label: { x: 381, y: 206 } },
  { id: 'lot-5', number: 5, status: 'premium', price: 75000, sizeSqFt: 14550, path: 'M422 148 L497 147 L497 261 L423 265 Z', label: { x: 459, y: 205 } },
  { id: 'lot-6', number: 6, status: 'premium', price: 75000, sizeSqFt: 14750, path: 'M497 151 L575 152 L572 261 L497 263 Z', label: { x: 535, y: 206 } },
  { id: 'lot-7', number: 7, status: 'premium', price: 75000, sizeSqFt: 12200, path: 'M579 148 L653 149 L652 265 L579 263 Z', label: { x: 615, y: 206 } },
  { id: 'lot-8', number: 8, status: 'sold', price: null, sizeSqFt: 11750, path: 'M657 153 L729 152 L728 268 L654 267 Z', label: { x: 692, y: 210 } },
  { id: 'lot-9', number: 9, status: 'premium', price: 75000, sizeSqFt: 14050, path: 'M735 156 L809 157 L807 271 L734 268 Z', label: { x: 771, y: 213 } },
  { id: 'lot-10', number: 10, status: 'premium', price: 75000, sizeSqFt: 12850, path: 'M809 163 L886 160 L889 273 L810 274 Z', label: { x: 848, y: 217 } },
  { id: 'lot-11', number: 11, status: 'available', price: 62000, sizeSqFt: 12350, path: 'M112 381 L187 385 L185 503 L113 499 Z', label: { x: 149, y: 442 } },
  { id: 'lot-12', number: 12, status: 'available', price: 65000, sizeSqFt: 11900, path: 'M189 379 L263 382 L262 492 L191 492 Z', label: { x: 226, y: 436 } },
  { id: 'lot-13', number: 13, status: 'featured', price: 55000, sizeSqFt: 13850, path: 'M268 377 L337 372 L342 493 L265 493 Z', label: { x: 303, y: 433 } },
  { id: 'lot-14', number: 14, status: 'featured', price: 55000, sizeSqFt: 11250, path: 'M343 375 L418 375 L417 486 L344 488 Z', label: { x: 380, y: 431 } },
  { id: 'lot-15', number: 15, status: 'featured', price: 55000, sizeSqFt: 12700, path: 'M422 369 L494 375 L495 486 L424 486 Z', label: { x: 458, y: 429 } },
  { id: 'lot-16', number: 16, status: 'featured', price: 55000, sizeSqFt: 11050, path: 'M503 372 L571 370 L574 488 L501 487 Z', label: { x: 537, y: 429 } },
  { id: 'lot-17', number: 17, status: 'featured', price: 55000, sizeSqFt: 11650, path: 'M581 374 L651 375 L652 488 L580 489 Z', label: { x: 616, y: 431 } },
  { id: 'lot-18', number: 18, status: 'available', price: 59000, sizeSqFt: 13950, path: 'M653 373 L728 373 L732 489 L653 491 Z', label: { x: 691, y: 431 } },
  { id: 'lot-19', number: 19, status: 'sold', price: null, sizeSqFt: 13800, path: 'M733 378 L805 377 L808 496 L733 496 Z', label: { x: 769, y: 436 } },
  { id: 'lot-20', number: 20, status: 'available', price: 65000, sizeSqFt: 10500, path: 'M810 386 L889 385 L887 502 L814 502 Z', label: { x: 850, y: 443 } },
  { id: 'lot-21', number: 21, status: 'available', price: 65000, sizeSqFt: 12750, path: 'M113 535 L187 534 L187 649 L110 648 Z', label: { x: 149, y: 591 } },
  { id: 'lot-22', number: 22, status: 'available', price: 59000, sizeSqFt: 13000, path: 'M185 527 L264 527 L259 641 L185 641 Z', label: { x: 223, y: 584 } },
  { id: 'lot-23', number: 23, status: 'available', price: 55000, sizeSqFt: 13600, path: 'M263 522 L341 520 L337 636 L267 637 Z', label: { x: 302, y: 578 } },
  { id: 'lot-24', number: 24, status: 'sold', price: null, sizeSqFt: 11150, path: 'M343 522 L415 518 L421 635 L345 637 Z', label: { x: 381, y: 578 } },
  { id: 'lot-25', number: 25, status: 'available', price: 65000, sizeSqFt: 13150, path: 'M421 521 L495 520 L493 633 L425 636 Z', label: { x: 458, y: 577 } },
  { id: 'lot-26', number: 26, status: 'available', price: 65000, sizeSqFt: 11850, path: 'M500 519 L571 518 L571 638 L499 638 Z', label: { x: 535, y: 578 } },
  { id: 'lot-27', number: 27, status: 'sold', price: null, sizeSqFt: 11100, path: 'M581 523 L650 522 L649 635 L579 636 Z', label: { x: 614, y: 579 } },
  { id: 'lot-28', number: 28, status: 'available', price: 62000, sizeSqFt: 11850, path: 'M659 524 L729 525 L733 636 L658 642 Z', label: { x: 694, y: 581 } },
  { id: 'lot-29', number: 29, status: 'available', price: 59000, sizeSqFt: 12300, path: 'M732 526 L811 525 L809 644 L737 644 Z', label: { x: 772, y: 584 } },
  { id: 'lot-30', number: 30, status: 'available', price: 59000, sizeSqFt: 12750, path: 'M813 535 L889 535 L889 646 L815 646 Z', label: { x: 851, y: 590 } },
];
