import { describe, expect, it } from 'vitest';
import { detectImageType } from './detect-image-type.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + compatible.length * 4;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], ...compatible, [0, 0, 0, 8], 'meta');
};

describe('detectImageType', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'), 'image/png'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['AVIF major brand', ftyp('avif', 'mif1'), 'image/avif'],
    ['AVIF sequence', ftyp('avis'), 'image/avif'],
    ['AVIF as compatible brand', ftyp('mif1', 'miaf', 'avif'), 'image/avif'],
  ])('recognises %s', (_name, input, type) => {
    expect(detectImageType(input)).toBe(type);
  });

  it.each([
    ['empty', bytes()],
    ['SVG (never uploadable)', bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">')],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['PDF', bytes('%PDF-1.7')],
    ['truncated PNG', bytes([0x89], 'PNG', [0x0d, 0x0a])],
    ['RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['HEIC (ftyp heic)', ftyp('heic', 'mif1')],
    ['MP4', ftyp('isom', 'mp41')],
    ['ftyp with a lying box size', bytes([0xff, 0xff, 0xff, 0xff], 'ftypmif1', [0, 0, 0, 0], 'avif')],
  ])('refuses %s', (_name, input) => {
    expect(detectImageType(input)).toBeNull();
  });
});
