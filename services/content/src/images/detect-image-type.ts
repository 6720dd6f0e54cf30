/**
 * What an upload really is, from its first bytes (magic numbers), never from the name or the
 * declared Content-Type: JPEG, PNG, GIF, WebP or AVIF; anything else is null.
 */
import type { BlogImageType } from '@lp/contracts';

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, sig: readonly number[]) => sig.every((b, i) => bytes[i] === b);

const AVIF_BRANDS = new Set(['avif', 'avis']);

/** ISO-BMFF `ftyp` box: the major brand or one of the compatible brands names AVIF. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  if (boxSize < 16 || boxSize > Math.min(bytes.length, 4096)) return false;
  if (AVIF_BRANDS.has(ascii(bytes, 8, 12))) return true;
  for (let at = 16; at + 4 <= boxSize; at += 4) if (AVIF_BRANDS.has(ascii(bytes, at, at + 4))) return true;
  return false;
}

export function detectImageType(bytes: Uint8Array): BlogImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (isAvif(bytes)) return 'image/avif';
  return null;
}
