/**
 * One record as the server stores it now, read afresh each time a screen opens it: editors use
 * this instead of SWR's cache (which keeps the copy read before the last save, so an editor
 * opened again would show, and save, the old version). `loading` until the answer arrives; the
 * form is shown only then, so nothing typed is replaced by a late answer.
 *
 * `replace(record)` puts what a save answered in its place (the version the next save is based
 * on); `reload()` reads it again (after a save was refused because someone else saved first),
 * keeping the current copy on screen until the new one arrives. `generation` counts the copies
 * read, so a form keyed by it starts again from each one read, never from a save's answer.
 */
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from './api-request';

type Read<T> = { url: string; data?: T; error?: unknown; generation: number };

export type StoredRecord<T> = {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** How many times the record was read from the server (1 for the first answer). */
  generation: number;
  reload: () => void;
  replace: (record: T) => void;
};

export function useStoredRecord<T>(url: string | null): StoredRecord<T> {
  const [read, setRead] = useState<Read<T> | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!url) return;
    let current = true;
    apiRequest<T>('GET', url).then(
      (data) => current && setRead((r) => ({ url, data, generation: (r?.url === url ? r.generation : 0) + 1 })),
      (error: unknown) =>
        current && setRead((r) => ({ url, error, generation: (r?.url === url ? r.generation : 0) + 1 })),
    );
    return () => {
      current = false;
    };
  }, [url, asked]);
  const reload = useCallback(() => setAsked((n) => n + 1), []);
  const replace = useCallback(
    (data: T) => setRead((r) => (r && r.url === url ? { ...r, data, error: undefined } : r)),
    [url],
  );
  const mine = url !== null && read?.url === url ? read : null;
  return {
    data: mine?.data,
    error: mine?.error,
    loading: url !== null && mine === null,
    generation: mine?.generation ?? 0,
    reload,
    replace,
  };
}
