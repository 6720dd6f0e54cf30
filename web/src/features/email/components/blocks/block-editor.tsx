/**
 * The block editor: the e-mail as a list of blocks, each in its own group ("Block 2: Text") with
 * its fields and Move up, Move down and Remove; below, a button per kind of block to add. Two
 * columns hold text, image and button blocks of their own. Errors arrive by path under the
 * blocks (`3.text`, `5.columns.1.0.url`) and show on their fields.
 */
import type { ColumnBlock, EmailBlock, EmailBlockType } from '@lp/contracts/email-blocks';
import { BLOCK_LABELS, COLUMN_BLOCK_TYPES, newBlock, newColumnBlock } from '../../lib/email-blocks';
import { BlockFields, ColumnBlockFields } from './block-fields';

type Props = {
  blocks: EmailBlock[];
  onChange: (blocks: EmailBlock[]) => void;
  errors: Record<string, string>;
};

const BLOCK_TYPES = Object.keys(BLOCK_LABELS) as EmailBlockType[];
const smallButton =
  'min-h-8 rounded px-2 text-sm font-medium text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-40';
const addButton =
  'min-h-9 rounded-md bg-white px-3 text-sm font-semibold text-lake-900 ring-1 ring-lake-300 hover:bg-lake-50';

/** The errors under `prefix.` with the prefix taken off. */
const errorsUnder = (errors: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(errors).flatMap(([k, v]) => (k.startsWith(`${prefix}.`) ? [[k.slice(prefix.length + 1), v]] : [])),
  );

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

function ItemActions({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex gap-1">
      <button
        type="button"
        className={smallButton}
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className={smallButton}
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </button>
      <button type="button" className={`${smallButton} text-red-700`} aria-label={`Remove ${name}`} onClick={onRemove}>
        Remove
      </button>
    </div>
  );
}

function ColumnEditor({
  side,
  blocks,
  onChange,
  errors,
}: {
  side: 'Left' | 'Right';
  blocks: ColumnBlock[];
  onChange: (blocks: ColumnBlock[]) => void;
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="space-y-3 rounded-md border border-dashed border-stone-300 p-3">
      <legend className="px-1 text-sm font-semibold text-stone-800">{`${side} column`}</legend>
      {blocks.map((b, j) => {
        const name = `${side.toLowerCase()} column block ${j + 1}`;
        return (
          <fieldset key={b.id} className="space-y-2 rounded-md bg-stone-50 p-3">
            <legend className="sr-only">{`${side} column, block ${j + 1}: ${BLOCK_LABELS[b.type]}`}</legend>
            <div className="flex items-center justify-between gap-2">
              <span aria-hidden className="text-sm font-semibold text-stone-700">
                {BLOCK_LABELS[b.type]}
              </span>
              <ItemActions
                name={name}
                index={j}
                count={blocks.length}
                onMove={(to) => onChange(moved(blocks, j, to))}
                onRemove={() => onChange(blocks.filter((_, k) => k !== j))}
              />
            </div>
            <ColumnBlockFields
              block={b}
              errors={errorsUnder(errors, String(j))}
              onChange={(nb) => onChange(blocks.map((x, k) => (k === j ? nb : x)))}
            />
          </fieldset>
        );
      })}
      <div className="flex flex-wrap gap-2">
        {COLUMN_BLOCK_TYPES.map((t) => (
          <button key={t} type="button" className={addButton} onClick={() => onChange([...blocks, newColumnBlock(t)])}>
            {`Add ${BLOCK_LABELS[t].toLowerCase()} to ${side.toLowerCase()} column`}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function BlockEditor({ blocks, onChange, errors }: Props) {
  const update = (i: number, b: EmailBlock) => onChange(blocks.map((x, k) => (k === i ? b : x)));
  return (
    <section aria-labelledby="blocks-heading" className="space-y-3">
      <h2 id="blocks-heading" className="text-sm font-semibold text-stone-800">
        Content blocks
      </h2>
      {errors[''] && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors['']}
        </p>
      )}
      <ol className="space-y-3" aria-label="Blocks">
        {blocks.map((b, i) => {
          const label = `Block ${i + 1}: ${BLOCK_LABELS[b.type]}`;
          const own = errorsUnder(errors, String(i));
          return (
            <li key={b.id}>
              <fieldset className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-stone-200">
                <legend className="sr-only">{label}</legend>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 aria-hidden className="text-sm font-semibold text-lake-900">
                    {label}
                  </h3>
                  <ItemActions
                    name={`block ${i + 1}`}
                    index={i}
                    count={blocks.length}
                    onMove={(to) => onChange(moved(blocks, i, to))}
                    onRemove={() => onChange(blocks.filter((_, k) => k !== i))}
                  />
                </div>
                {b.type === 'columns' ? (
                  <div className="space-y-3">
                    {(['Left', 'Right'] as const).map((side, c) => (
                      <ColumnEditor
                        key={side}
                        side={side}
                        blocks={b.columns[c]!}
                        errors={errorsUnder(own, `columns.${c}`)}
                        onChange={(col) =>
                          update(i, { ...b, columns: c === 0 ? [col, b.columns[1]] : [b.columns[0], col] })
                        }
                      />
                    ))}
                  </div>
                ) : (
                  <BlockFields block={b} errors={own} onChange={(nb) => update(i, nb)} />
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div
        role="group"
        aria-label="Add a block"
        className="flex flex-wrap gap-2 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200"
      >
        <span className="w-full text-sm font-semibold text-stone-800">Add a block</span>
        {BLOCK_TYPES.map((t) => (
          <button key={t} type="button" className={addButton} onClick={() => onChange([...blocks, newBlock(t)])}>
            {`Add ${BLOCK_LABELS[t].toLowerCase()}`}
          </button>
        ))}
      </div>
    </section>
  );
}
