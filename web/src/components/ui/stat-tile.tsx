/** A headline figure with its label and an optional source or caveat note. */
type Props = { value: string; label: string; note?: string; dark?: boolean };

export function StatTile({ value, label, note, dark = false }: Props) {
  return (
    <div className={`rounded-xl p-6 ${dark ? 'bg-white/10 ring-1 ring-white/20' : 'bg-white ring-1 ring-stone-200'}`}>
      <p className={`text-3xl font-bold ${dark ? 'text-white' : 'text-lake-800'}`}>{value}</p>
      <p className={`mt-1 font-medium ${dark ? 'text-lake-100' : 'text-stone-800'}`}>{label}</p>
      {note && <p className={`mt-2 text-sm ${dark ? 'text-lake-100' : 'text-stone-600'}`}>{note}</p>}
    </div>
  );
}
