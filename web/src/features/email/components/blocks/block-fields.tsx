/**
 * The fields of one block, by kind: heading and text with merge tags (text with bold, italic and
 * links), an uploaded image with its description and optional link, a button's text and link, a
 * spacer's height, a lot card's lot (from the inventory) and optional photo. Errors come by path
 * under the block (`text`, `url`, `lotNumber`).
 */
import { useState } from 'react';
import { BLOCK_IMAGE_TYPES, BLOCK_SPACER_HEIGHTS, type ColumnBlock, type EmailBlock } from '@lp/contracts/email-blocks';
import { LOT_STATUS_LABELS } from '@lp/contracts/lot-names';
import { FormField, controlClass } from '../../../../components/form/form-field';
import { errorMessage } from '../../../../lib/error-message';
import { uploadBlockImage, useBlockLots } from '../../api/template-blocks';
import { TextWithTags } from './text-with-tags';

type FieldsProps<B> = {
  block: B;
  onChange: (block: B) => void;
  /** The block's errors by field name. */
  errors: Record<string, string>;
};

const TEXT_HINT = '**bold**, *italic*, [link text](https://…); a blank line starts a new paragraph';

/** The fields of a block a column can hold (text, image, button). */
export function ColumnBlockFields({ block, onChange, errors }: FieldsProps<ColumnBlock>) {
  const id = `block-${block.id}`;
  switch (block.type) {
    case 'text':
      return (
        <TextWithTags
          id={`${id}-text`}
          label="Text"
          multiline
          formatting
          hint={TEXT_HINT}
          value={block.text}
          error={errors.text}
          onChange={(text) => onChange({ ...block, text })}
        />
      );
    case 'image':
      return (
        <div className="space-y-3">
          <ImageUpload
            id={`${id}-image`}
            label="Image"
            src={block.src}
            error={errors.src}
            onUploaded={(src) => onChange({ ...block, src })}
          />
          <FormField
            id={`${id}-alt`}
            label="Image description"
            hint="Read aloud, and shown when images are off"
            hintBelow
            error={errors.alt}
          >
            {(c) => (
              <input
                {...c}
                value={block.alt}
                onChange={(e) => onChange({ ...block, alt: e.target.value })}
                className={controlClass}
              />
            )}
          </FormField>
          <FormField id={`${id}-href`} label="Image link (optional)" error={errors.href}>
            {(c) => (
              <input
                {...c}
                type="url"
                value={block.href}
                placeholder="https://"
                onChange={(e) => onChange({ ...block, href: e.target.value })}
                className={controlClass}
              />
            )}
          </FormField>
        </div>
      );
    case 'button':
      return (
        <div className="space-y-3">
          <TextWithTags
            id={`${id}-label`}
            label="Button text"
            value={block.label}
            error={errors.label}
            onChange={(label) => onChange({ ...block, label })}
          />
          <FormField
            id={`${id}-url`}
            label="Button link"
            required
            hint="https://…, http://… or mailto:…"
            hintBelow
            error={errors.url}
          >
            {(c) => (
              <input
                {...c}
                type="url"
                value={block.url}
                onChange={(e) => onChange({ ...block, url: e.target.value })}
                className={controlClass}
              />
            )}
          </FormField>
        </div>
      );
  }
}

/** The fields of any block but two columns (whose columns `BlockEditor` lays out). */
export function BlockFields({ block, onChange, errors }: FieldsProps<Exclude<EmailBlock, { type: 'columns' }>>) {
  const id = `block-${block.id}`;
  switch (block.type) {
    case 'heading':
      return (
        <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
          <TextWithTags
            id={`${id}-text`}
            label="Heading text"
            value={block.text}
            error={errors.text}
            onChange={(text) => onChange({ ...block, text })}
          />
          <FormField id={`${id}-level`} label="Size">
            {(c) => (
              <select
                {...c}
                value={block.level}
                onChange={(e) => onChange({ ...block, level: e.target.value === '2' ? 2 : 1 })}
                className={controlClass}
              >
                <option value="1">Large</option>
                <option value="2">Medium</option>
              </select>
            )}
          </FormField>
        </div>
      );
    case 'divider':
      return <p className="text-sm text-stone-600">A thin line across the e-mail.</p>;
    case 'spacer':
      return (
        <FormField id={`${id}-height`} label="Height">
          {(c) => (
            <select
              {...c}
              value={block.height}
              onChange={(e) => {
                const height = BLOCK_SPACER_HEIGHTS.find((h) => String(h) === e.target.value);
                if (height) onChange({ ...block, height });
              }}
              className={controlClass}
            >
              {BLOCK_SPACER_HEIGHTS.map((h) => (
                <option key={h} value={h}>{`${h} px`}</option>
              ))}
            </select>
          )}
        </FormField>
      );
    case 'lot':
      return <LotCardFields block={block} onChange={onChange} errors={errors} />;
    default:
      return <ColumnBlockFields block={block} onChange={onChange} errors={errors} />;
  }
}

function LotCardFields({ block, onChange, errors }: FieldsProps<Extract<EmailBlock, { type: 'lot' }>>) {
  const id = `block-${block.id}`;
  const { data: lots, error } = useBlockLots();
  return (
    <div className="space-y-3">
      <FormField
        id={`${id}-lot`}
        label="Lot"
        required
        hint="Its size, price and status come from the lot inventory when the template is saved; the card links to the lot's page"
        hintBelow
        error={errors.lotNumber ?? (error ? 'The lots could not be loaded. Please try again.' : undefined)}
      >
        {(c) => (
          <select
            {...c}
            value={block.lotNumber}
            onChange={(e) => onChange({ ...block, lotNumber: Number(e.target.value) })}
            className={controlClass}
          >
            <option value={0}>{lots ? 'Choose a lot' : 'Loading lots…'}</option>
            {[...(lots ?? [])]
              .sort((a, b) => a.number - b.number)
              .map((l) => (
                <option key={l.number} value={l.number}>
                  {`Lot ${l.number} – ${LOT_STATUS_LABELS[l.status]}, ${l.sizeSqFt.toLocaleString('en-US')} sq ft`}
                </option>
              ))}
          </select>
        )}
      </FormField>
      <ImageUpload
        id={`${id}-photo`}
        label="Lot photo (optional)"
        hint="Without one, the card shows the site's own picture"
        src={block.photo}
        error={errors.photo}
        onUploaded={(photo) => onChange({ ...block, photo })}
        onRemove={block.photo ? () => onChange({ ...block, photo: '' }) : undefined}
      />
    </div>
  );
}

type ImageUploadProps = {
  id: string;
  label: string;
  hint?: string;
  src: string;
  error?: string;
  onUploaded: (src: string) => void;
  onRemove?: () => void;
};

/** An image stored by the product (JPEG, PNG or GIF, at most 5 MB), shown once uploaded. */
function ImageUpload({ id, label, hint, src, error, onUploaded, onRemove }: ImageUploadProps) {
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!(BLOCK_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setState({ busy: false, error: 'Upload a JPEG, PNG or GIF image' });
      return;
    }
    setState({ busy: true });
    try {
      const image = await uploadBlockImage(file);
      onUploaded(image.url);
      setState({ busy: false });
    } catch (err) {
      setState({ busy: false, error: errorMessage(err, 'The image could not be uploaded. Please try again.') });
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      {src && (
        <img src={src} alt="" width={96} height={64} className="h-16 w-24 rounded object-cover ring-1 ring-stone-200" />
      )}
      <div className="min-w-0 flex-1">
        <FormField id={id} label={label} hint={hint} hintBelow error={state.error ?? error}>
          {(c) => (
            <input
              {...c}
              type="file"
              accept={BLOCK_IMAGE_TYPES.join(',')}
              disabled={state.busy}
              onChange={(e) => void upload(e.target.files?.[0])}
              className="mt-1 block w-full text-sm text-stone-800 file:mr-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:font-semibold"
            />
          )}
        </FormField>
        {state.busy && (
          <p role="status" className="mt-1 text-sm text-stone-600">
            Uploading…
          </p>
        )}
      </div>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          className="min-h-10 rounded-md px-3 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50"
        >
          Remove photo
        </button>
      )}
    </div>
  );
}
