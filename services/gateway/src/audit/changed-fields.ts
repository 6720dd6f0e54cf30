/**
 * Which fields an edit changes, for its audit entry: the names only, never the values (a body,
 * a note or a phone number has no place in the log). An empty text and a missing one are the same.
 */
const normal = (v: unknown): unknown => {
  if (v === '' || v === undefined) return null;
  if (Array.isArray(v)) return v.map(normal);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, x]) => [k, normal(x)]),
    );
  return v;
};

/** The keys of `input` whose value differs from the same key of `before`. */
export function changedFields(before: object, input: object): string[] {
  const old = before as Record<string, unknown>;
  return Object.entries(input)
    .filter(([k, v]) => JSON.stringify(normal(v)) !== JSON.stringify(normal(old[k])))
    .map(([k]) => k);
}
