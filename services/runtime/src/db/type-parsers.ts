/**
 * How the platform reads Postgres values into JavaScript, defined once for both drivers, so a
 * query answers the same values of the same types on PostgreSQL (`pg`) and on PGlite, and a row
 * type declares one type per column.
 *
 * - int8 (counts, bigserial ids) and numeric (rates, averages) as numbers: our counts and ids stay
 *   far below 2^53 and no amount here needs more than a double's precision. `pg` would give
 *   strings, PGlite numbers for int8 (a BigInt past 2^53, which JSON cannot write) and strings
 *   for numeric. Their arrays (int8[], numeric[]) as arrays of numbers, nulls kept.
 * - timestamptz, timestamp and date exactly as `pg` reads them (pg-types' own parser, taken from
 *   `pg` itself): a `Date`; a timestamp without time zone and a date at that wall-clock time in
 *   the process's time zone; ±infinity as ±Infinity. PGlite's own `new Date(text)` puts a date at
 *   UTC midnight instead, a day off west of UTC; so a calendar day is read as `day::text`, never
 *   as a date.
 * - Everything else (json/jsonb parsed, int4, float8, bool, text, text[], bytea) is already read
 *   alike by both drivers' defaults.
 */
import pg from 'pg';

/** Reads a column's text form (never null: both drivers pass null through unparsed). */
export type TypeParser = (text: string) => unknown;

export const OID = {
  int8: 20,
  numeric: 1700,
  int8Array: 1016,
  numericArray: 1231,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
} as const;

// pg's built-in parsers, taken before ours replace any of them on `pg`.
const pgBuiltin = (oid: number) => pg.types.getTypeParser(oid, 'text') as TypeParser;
const pgTimestamp = pgBuiltin(OID.timestamptz);
const pgDate = pgBuiltin(OID.date);
const pgPlainTimestamp = pgBuiltin(OID.timestamp);
// Splits `{1,NULL,3}` into its elements (strings, nulls kept) as pg does for any int8[].
const pgArrayElements = pgBuiltin(OID.int8Array);

const toNumber: TypeParser = (text) => Number(text);
const toNumberArray: TypeParser = (text) =>
  (pgArrayElements(text) as (string | null)[]).map((v) => (v === null ? null : Number(v)));

/** The platform's parsers by type OID. */
export const TYPE_PARSERS: Readonly<Record<number, TypeParser>> = {
  [OID.int8]: toNumber,
  [OID.numeric]: toNumber,
  [OID.int8Array]: toNumberArray,
  [OID.numericArray]: toNumberArray,
  [OID.date]: pgDate,
  [OID.timestamp]: pgPlainTimestamp,
  [OID.timestamptz]: pgTimestamp,
};

export const TYPE_PARSER_OIDS: readonly number[] = Object.keys(TYPE_PARSERS).map(Number);

/** Makes `pg` (every pool and client of the process) read values with the platform's parsers. */
export function registerPgTypeParsers(): void {
  for (const oid of TYPE_PARSER_OIDS) pg.types.setTypeParser(oid, 'text', TYPE_PARSERS[oid]!);
}

type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[] };

/**
 * Applies the platform's parsers to a result whose columns of those types are still text (how
 * the PGlite thread sends them: see pglite-thread.ts). Rows are objects by column name (the last
 * column of a name wins, as in the row itself) or arrays by position (`rowMode: 'array'`).
 */
export function parseResultText<R extends Results>(result: R): R {
  const byIndex = result.fields.flatMap((f, i) => {
    const parse = TYPE_PARSERS[f.dataTypeID];
    return parse ? [{ i, name: f.name, parse }] : [];
  });
  if (byIndex.length === 0) return result;
  const lastOfName = byIndex.filter(({ i, name }) => result.fields.findLastIndex((f) => f.name === name) === i);
  for (const row of result.rows) {
    if (Array.isArray(row)) {
      for (const { i, parse } of byIndex) if (typeof row[i] === 'string') row[i] = parse(row[i] as string);
    } else {
      const r = row as Record<string, unknown>;
      for (const { name, parse } of lastOfName) if (typeof r[name] === 'string') r[name] = parse(r[name] as string);
    }
  }
  return result;
}
