/**
 * uuencoded files, as older clients sent them: a part sent with `Content-Transfer-Encoding:
 * x-uuencode` (Netscape, Eudora), or `begin 644 name` … `end` blocks inside a plain-text body
 * (Outlook 2000 and Usenet-era clients, with no MIME at all). Neither is decoded by mailparser,
 * so staff would download the encoded text instead of the file.
 */
import { Transform, type TransformCallback } from 'node:stream';

/** The transfer encodings that name uuencode. */
export const isUuencode = (transferEncoding: unknown) =>
  typeof transferEncoding === 'string' && /^(x-)?uu(e|encode|encoded)?$/i.test(transferEncoding.trim());

/** `begin <mode> <name>` → the name (one space each, as encoders write it), else null. */
const beginName = (line: string) => /^begin [0-7]{3,4} (.*)$/.exec(line)?.[1]!.trim() ?? null;
const isEnd = (line: string) => /^end[ \t]*$/.test(line);

/** One encoded line's bytes: its first character counts them, then 4 characters per 3 bytes. */
function decodeLine(line: string): Buffer | null {
  if (line.length === 0) return null;
  const count = (line.charCodeAt(0) - 32) & 63;
  if (count === 0) return Buffer.alloc(0);
  // A line whose trailing spaces a relay stripped is short: the missing characters were zeros.
  const out = Buffer.alloc(Math.ceil(count / 3) * 3);
  const sextet = (i: number) => (i < line.length ? (line.charCodeAt(i) - 32) & 63 : 0);
  for (let o = 0, i = 1; o < out.length; o += 3, i += 4) {
    const [a, b, c, d] = [sextet(i), sextet(i + 1), sextet(i + 2), sextet(i + 3)];
    out[o] = (a << 2) | (b >> 4);
    out[o + 1] = ((b & 15) << 4) | (c >> 2);
    out[o + 2] = ((c & 3) << 6) | d;
  }
  return out.subarray(0, count);
}

/** A line made only of uuencode's characters, no longer than its count says (trailing spaces may be gone). */
const isEncodedLine = (line: string) =>
  line === '' ||
  (/^[\x20-\x60]+$/.test(line) && line.length <= Math.ceil(((line.charCodeAt(0) - 32) & 63) / 3) * 4 + 2);

/**
 * A uuencoded part's content → the file's bytes. Lines before `begin` are skipped; `end` (or
 * the end of the part) ends the file. `name` is the name the `begin` line gave, once read.
 */
export class UudecodeStream extends Transform {
  name = '';
  private rest = '';
  private state: 'before' | 'data' | 'done' = 'before';

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    const lines = (this.rest + chunk.toString('latin1')).split('\n');
    this.rest = lines.pop()!;
    for (const line of lines) this.readLine(line.replace(/\r$/, ''));
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.rest) this.readLine(this.rest.replace(/\r$/, ''));
    done();
  }

  private readLine(line: string) {
    if (this.state === 'before') {
      const name = beginName(line);
      if (name !== null) [this.state, this.name] = ['data', name];
    } else if (this.state === 'data') {
      if (isEnd(line)) this.state = 'done';
      else {
        const bytes = decodeLine(line);
        if (bytes?.length) this.push(bytes);
      }
    }
  }
}

export type UuencodedFile = { name: string; data: Buffer };

/**
 * Takes the uuencoded files out of a plain-text body: the body keeps its own text, each block
 * becomes a file. A `begin` line not followed by uuencode lines and `end` is prose and stays.
 * Line by line, so a body of any size is read once ('end' and 'begin' are not uuencode lines).
 */
export function takeUuencodedFiles(text: string): { text: string; files: UuencodedFile[] } {
  if (!/^begin [0-7]/m.test(text)) return { text, files: [] };
  const lines = text.split('\n');
  const line = (i: number) => lines[i]!.replace(/\r$/, '');
  const kept: string[] = [];
  const files: UuencodedFile[] = [];
  for (let i = 0; i < lines.length; i++) {
    const name = beginName(line(i));
    let end = i + 1;
    while (name !== null && end < lines.length && isEncodedLine(line(end))) end++;
    const encoded = lines.slice(i + 1, end).map((_, k) => line(i + 1 + k));
    if (name === null || end >= lines.length || !isEnd(line(end)) || !encoded.some(Boolean)) {
      kept.push(lines[i]!);
      continue;
    }
    files.push({ name, data: Buffer.concat(encoded.map((l) => decodeLine(l) ?? Buffer.alloc(0))) });
    i = end;
  }
  return { text: kept.join('\n'), files };
}
