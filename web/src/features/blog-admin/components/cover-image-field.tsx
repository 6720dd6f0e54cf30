/**
 * The cover image: choose a file (type and size checked here first, then by the server), see
 * it, remove it. The uploaded image's URL is the form's `coverImage` value.
 */
import { useState, type ChangeEvent } from 'react';
import { uploadCoverImage } from '../api/upload-cover-image';
import { checkCoverFile, COVER_ACCEPT } from '../lib/check-cover-file';
import { errorMessage } from '../../../lib/error-message';
import { FormField } from '../../../components/form/form-field';

type Props = { id: string; value: string; error?: string; onChange: (url: string) => void };

export function CoverImageField({ id, value, error, onChange }: Props) {
  const [problem, setProblem] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const invalid = checkCoverFile(file);
    setProblem(invalid ?? undefined);
    if (invalid) {
      input.value = '';
      return;
    }
    setUploading(true);
    try {
      onChange((await uploadCoverImage(file)).url);
    } catch (err) {
      setProblem(errorMessage(err, 'The image could not be uploaded. Please try again.'));
    } finally {
      setUploading(false);
      input.value = '';
    }
  }

  return (
    <div className="grid gap-3">
      <FormField
        id={id}
        label="Cover image"
        hint="JPEG, PNG, WebP, AVIF or GIF, up to 5 MB; 1200×630 works best."
        error={problem ?? error}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={COVER_ACCEPT}
            disabled={uploading}
            onChange={(e) => void onFile(e)}
            className="mt-1 block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-lake-50 file:px-3 file:py-2 file:font-semibold file:text-lake-900"
          />
        )}
      </FormField>
      <p role="status" className="text-sm text-stone-600">
        {uploading ? 'Uploading...' : ''}
      </p>
      {value && (
        <div className="flex items-end gap-4">
          <img
            src={value}
            alt="Current cover"
            width={240}
            height={126}
            className="aspect-[40/21] w-60 rounded-md object-cover ring-1 ring-stone-200"
          />
          <button
            type="button"
            onClick={() => onChange('')}
            className="text-sm font-semibold text-red-700 underline underline-offset-4"
          >
            Remove cover
          </button>
        </div>
      )}
    </div>
  );
}
