/**
 * The contacts search rule, one for every screen that searches contacts (the Contacts screen, the
 * e-mail editor's recipient picker, the export): a fragment of the name, e-mail, phone, a tag or a
 * custom field's text, with case and accents ignored ("garcia" finds García, "odegard" finds Ødegård, "NASH" finds Nash).
 *
 * Both sides are folded by the same SQL expression, so PGlite and PostgreSQL agree without the
 * `unaccent` extension (PGlite does not ship it): accented Latin letters become their base
 * letter (`translate`, upper and lower case alike, since PGlite's C locale lowers ASCII only),
 * the letters that are no letter-plus-mark in Unicode (ø, æ, œ, ß, þ, đ, ł …) become what they
 * are typed as, then `lower`. The stored side is `crm.contacts.search_text`, a generated column
 * (migration 20261126110000), so every way a contact is written (the dashboard, imports, form
 * submissions, inbound mail, seeds) keeps it current without code of its own.
 */

/** Latin-1 and Latin Extended-A letters folded one to one: NFD without its marks, lower-cased. */
export const FOLD_FROM =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïðñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľĿŀŁłŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž';
export const FOLD_TO =
  'aaaaaaceeeeiiiidnoooooouuuuyaaaaaaceeeeiiiidnoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkllllllllllnnnnnnoooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzz';
/** Letters written with two: not expressible by `translate`. */
const FOLD_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['æ', 'ae'],
  ['Æ', 'ae'],
  ['œ', 'oe'],
  ['Œ', 'oe'],
  ['ß', 'ss'],
  ['þ', 'th'],
  ['Þ', 'th'],
  ['ĳ', 'ij'],
  ['Ĳ', 'ij'],
];

/** `expr` (SQL text) folded: immutable, so it may define a generated column or an index. */
export function foldedSql(expr: string): string {
  const translated = `translate(${expr}, '${FOLD_FROM}', '${FOLD_TO}')`;
  return `lower(${FOLD_PAIRS.reduce((acc, [from, to]) => `replace(${acc}, '${from}', '${to}')`, translated)})`;
}

const SEARCHED =
  "coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email || ' ' || coalesce(phone, '')";

/**
 * What is searched: name, e-mail and phone of a contact, folded; the definition of `search_text`.
 * Text of printable ASCII alone (most rows) is only lowered, which folding would leave the same:
 * writing 50,000 contacts then takes about a fifth of the time the full folding of each row does.
 */
export const CONTACT_SEARCH_TEXT_SQL = `case when (${SEARCHED}) ~ '^[ -~]*$' then lower(${SEARCHED}) else ${foldedSql(SEARCHED)} end`;

/**
 * A contact's tags and the text (and date) values of its custom fields as one text, from immutable
 * built-ins only (a generated column takes nothing else; `array_to_string` is only stable): tags
 * as a tsvector's text (`'lake view' 'vip'`, its doubled quotes and backslashes made single again),
 * values as a JSON array's (`["wants a lake view"]`).
 * The quotes and brackets are punctuation a search fragment does not need to cross.
 */
const LABELS =
  "(replace(replace(array_to_tsvector(tags)::text, '''''', ''''), '\\\\', '\\') || ' ' || jsonb_path_query_array(custom_fields, 'strict $.* ? (@.type() == \"string\")')::text)";

/**
 * What is searched since tags and custom fields came (migration 20261129000300): name, e-mail,
 * phone, then the tags and custom text, each part folded as above on its own (folding is
 * character by character, so the parts folded apart equal the whole folded at once). A contact
 * without tags or custom values costs what it did before (two comparisons); labels of printable
 * ASCII are only lowered. Measured on PostgreSQL 15 (`insert … select` of 100,000 rows): a
 * labelled row about 20 µs more, where folding one text with all of it took about 110 µs more.
 */
export const CONTACT_SEARCH_TEXT_WITH_LABELS_SQL = `${CONTACT_SEARCH_TEXT_SQL} || case when tags = '{}' and custom_fields = '{}' then '' when ${LABELS} ~ '^[ -~]*$' then ' ' || lower(${LABELS}) else ' ' || ${foldedSql(LABELS)} end`;

/** The WHERE clause of a search; its one binding is `likeFragment(q)`. */
export const CONTACT_SEARCH_WHERE = `contacts.search_text like ${foldedSql('?')}`;

/** `%fragment%` for LIKE, with the fragment's own wildcards taken literally (folding keeps `\`, `%`, `_`). */
export const likeFragment = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
