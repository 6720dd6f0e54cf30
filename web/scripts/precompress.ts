/**
 * Last-but-one build step: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy
 * next to every text file of web/dist/client worth compressing, so the gateway answers the
 * first request for a page or bundle with compressed bytes at once instead of compressing
 * them on that request (about a second of CPU for the main bundle on a busy small box).
 * The gateway never serves these copies at their own addresses.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Same rule as the gateway's web host: text files over 512 bytes. */
export const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|map)$/;
export const MIN_COMPRESS_BYTES = 512;

export function precompress(dir: string): number {
  let count = 0;
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = join(dir, rel);
    if (!COMPRESSIBLE.test(file) || /(^|[/\\])\./.test(rel) || !statSync(file).isFile()) continue;
    const body = readFileSync(file);
    if (body.length <= MIN_COMPRESS_BYTES) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = fileURLToPath(new URL('../dist/client', import.meta.url));
  process.stdout.write(`precompress: ${precompress(dir)} files (br + gz)\n`);
}
