/**
 * Unique visitors over any range from daily rows: a HyperLogLog sketch per day (2^12 one-byte
 * registers, 4 KiB, about 1.6 % standard error; exact-looking at small counts thanks to linear
 * counting). Sketches union by taking each register's maximum, so a range's distinct visitors
 * come from O(days) rows. The hash is 64-bit FNV-1a over the UTF-8 id.
 */
const P = 12;
export const SKETCH_REGISTERS = 1 << P;

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK64 = (1n << 64n) - 1n;

function hash64(id: string): bigint {
  let h = FNV_OFFSET;
  for (const byte of Buffer.from(id, 'utf8')) {
    h ^= BigInt(byte);
    h = (h * FNV_PRIME) & MASK64;
  }
  // Final avalanche (murmur3's fmix64), so close ids spread over every register.
  h ^= h >> 33n;
  h = (h * 0xff51afd7ed558ccdn) & MASK64;
  h ^= h >> 33n;
  h = (h * 0xc4ceb9fe1a85ec53n) & MASK64;
  h ^= h >> 33n;
  return h;
}

export function emptySketch(): Uint8Array {
  return new Uint8Array(SKETCH_REGISTERS);
}

/** Adds visitor ids to a sketch in place. */
export function addToSketch(sketch: Uint8Array, ids: Iterable<string>): Uint8Array {
  for (const id of ids) {
    const h = hash64(id);
    const reg = Number(h & BigInt(SKETCH_REGISTERS - 1));
    let w = h >> BigInt(P);
    let rho = 1;
    while (rho <= 64 - P && (w & 1n) === 0n) {
      rho++;
      w >>= 1n;
    }
    if (rho > (sketch[reg] ?? 0)) sketch[reg] = rho;
  }
  return sketch;
}

/** Register-wise maximum of `other` into `into`. */
export function mergeSketch(into: Uint8Array, other: Uint8Array | null | undefined): Uint8Array {
  if (!other) return into;
  for (let i = 0; i < SKETCH_REGISTERS; i++) {
    const r = other[i]!;
    if (r > into[i]!) into[i] = r;
  }
  return into;
}

const INVERSE_POWERS = Array.from({ length: 66 }, (_, r) => 2 ** -r);

/** The estimated number of distinct ids added. */
export function estimateSketch(sketch: Uint8Array): number {
  const m = SKETCH_REGISTERS;
  let sum = 0;
  let zeros = 0;
  for (let i = 0; i < m; i++) {
    const r = sketch[i] ?? 0;
    sum += INVERSE_POWERS[r] ?? 0;
    if (r === 0) zeros++;
  }
  const alpha = 0.7213 / (1 + 1.079 / m);
  const raw = (alpha * m * m) / sum;
  if (raw <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
  return Math.round(raw);
}

/** A sketch as the pg driver or PGlite returns a bytea (Buffer or Uint8Array), or null. */
export function sketchOf(value: unknown): Uint8Array | null {
  return value instanceof Uint8Array && value.length === SKETCH_REGISTERS ? value : null;
}
