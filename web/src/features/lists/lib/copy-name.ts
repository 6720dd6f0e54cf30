/**
 * The name a duplicate is proposed under: "Name (Copy)", else the first free "Name (Copy N)",
 * compared in any letter case as crm compares list names, so the proposal is never refused.
 */
export function freeCopyName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((t) => t.toLowerCase()));
  const candidate = (n: number) => (n === 1 ? `${name} (Copy)` : `${name} (Copy ${n})`);
  let n = 1;
  while (used.has(candidate(n).toLowerCase())) n += 1;
  return candidate(n);
}
