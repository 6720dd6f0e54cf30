/**
 * How an uploaded CSV is written, read from its first bytes before a row is parsed: the text
 * encoding (a byte-order mark; else UTF-8 when the bytes are valid UTF-8; else the maintained
 * detector `chardet`, Latin-1 read as its superset Windows-1252, as spreadsheets write it) and
 * the delimiter its header row uses (comma, semicolon as European Excel writes, or tab). The
 * upload then flows on as text in that encoding, from the same stream: nothing is held whole.
 */
import { Readable, type Transform } from 'node:stream';
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { csvDelimiterOf, type CsvDelimiter } from '@lp/contracts';

export type CsvFormat = { encoding: string; delimiter: CsvDelimiter };

/** Bytes looked at: enough for a long header row and the rows after it. */
const SAMPLE_BYTES = 64 * 1024;

/** Encodings by byte-order mark, with the mark's length. */
const BOMS: readonly [Buffer, string][] = [
  [Buffer.from([0xef, 0xbb, 0xbf]), 'UTF-8'],
  [Buffer.from([0xff, 0xfe]), 'UTF-16LE'],
  [Buffer.from([0xfe, 0xff]), 'UTF-16BE'],
];

/** Valid UTF-8, allowing a character cut at the sample's end. */
function isUtf8(sample: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** What the detector names, when this product can decode it; Latin-1 read as Windows-1252. */
function detectedEncoding(sample: Buffer): string {
  const named = chardet.detect(sample)?.toUpperCase();
  if (!named || named === 'ISO-8859-1' || named === 'ASCII' || named.startsWith('UTF-32')) return 'Windows-1252';
  if (!iconv.encodingExists(named)) return 'Windows-1252';
  // As people know them: "Windows-1250", "ISO-8859-2", "SHIFT_JIS".
  return named.replace(/^WINDOWS-/, 'Windows-');
}

export function encodingOf(sample: Buffer): string {
  for (const [bom, encoding] of BOMS) if (sample.subarray(0, bom.length).equals(bom)) return encoding;
  // UTF-16 without a mark: every other byte of ASCII text is zero.
  const pairs = Math.min(sample.length >> 1, 512);
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < pairs; i++) {
    if (sample[2 * i] === 0) evenZero++;
    if (sample[2 * i + 1] === 0) oddZero++;
  }
  if (pairs >= 8 && oddZero > pairs * 0.4 && evenZero === 0) return 'UTF-16LE';
  if (pairs >= 8 && evenZero > pairs * 0.4 && oddZero === 0) return 'UTF-16BE';
  return isUtf8(sample) ? 'UTF-8' : detectedEncoding(sample);
}

/**
 * Reads the upload's first bytes, tells its format, and gives the whole upload back as a stream:
 * UTF-8 bytes as they are (the parser reads them, mark and all), any other encoding as text.
 */
export async function readCsvFormat(input: Readable): Promise<{ format: CsvFormat; stream: Readable }> {
  const source = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < SAMPLE_BYTES) {
    const next = await source.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
  }
  const sample = Buffer.concat(head);
  const encoding = encodingOf(sample);
  const text = encoding === 'UTF-8' ? sample.toString('utf8') : iconv.decode(sample, encoding);
  const delimiter = csvDelimiterOf(text);
  const bytes = Readable.from(
    (async function* () {
      if (sample.length) yield sample;
      if (done) return;
      for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
    })(),
    { objectMode: false },
  );
  if (encoding === 'UTF-8') return { format: { encoding, delimiter }, stream: bytes };
  // iconv-lite's decoder as a Node stream (its own type is the older stream interface).
  const decoder = bytes.pipe(iconv.decodeStream(encoding) as unknown as Transform);
  bytes.on('error', (err) => decoder.destroy(err));
  return { format: { encoding, delimiter }, stream: decoder };
}
