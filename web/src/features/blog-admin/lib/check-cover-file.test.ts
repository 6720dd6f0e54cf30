import { describe, expect, it } from 'vitest';
import { checkCoverFile, COVER_ACCEPT } from './check-cover-file';

const MB = 1024 * 1024;

describe('checkCoverFile', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'])('accepts %s up to 5 MB', (type) => {
    expect(checkCoverFile({ type, size: 5 * MB })).toBeNull();
  });

  it('refuses other types, SVG included', () => {
    for (const type of ['image/svg+xml', 'text/html', 'application/pdf', 'image/heic', ''])
      expect(checkCoverFile({ type, size: 1000 })).toBe('Choose a JPEG, PNG, WebP, AVIF or GIF image.');
  });

  it('refuses files over 5 MB and empty files', () => {
    expect(checkCoverFile({ type: 'image/png', size: 5 * MB + 1 })).toBe('The image is larger than 5 MB.');
    expect(checkCoverFile({ type: 'image/png', size: 0 })).toBe('The file is empty.');
  });

  it('offers the same types to the file picker', () => {
    expect(COVER_ACCEPT).toBe('image/jpeg,image/png,image/webp,image/avif,image/gif');
  });
});
