/** Shared Tailwind class lists for buttons and links, so every CTA looks and focuses alike. */
export const button = {
  primary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-canyon-600 px-5 py-2 font-semibold text-white shadow-sm hover:bg-canyon-700 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-white px-5 py-2 font-semibold text-lake-900 shadow-sm ring-1 ring-lake-800/20 hover:bg-lake-50',
  dark: 'inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-lake-800 px-5 py-2 font-semibold text-white shadow-sm hover:bg-lake-900 disabled:cursor-not-allowed disabled:opacity-60',
} as const;

export const textLink =
  'font-semibold text-lake-700 underline decoration-lake-700/40 underline-offset-4 hover:decoration-lake-700';
