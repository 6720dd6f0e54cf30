/**
 * One record as the server stores it now, read afresh each time a screen opens it: editors use
 * this instead of SWR's cache (which keeps the copy read before the last save, so an editor
 * opened again would show, and save, the old version). `loading` until the answer arrives; the
 * form is shown only then, so nothing typed is replaced by a late answer.
 */
import { useEffect, useState } from 'react';
import { apiRequest } from './api-request';

type Read<T> = { url: string; data?: T; error?: unknown };

export type StoredRecord<T> = { data: T | undefined; error: unknown; loading: boolean };

export function useStoredRecord<T>(url: string | null): StoredRecord<T> {
  const [read, setRead] = useState<Read<T> | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    apiRequest<T>('GET', url).then(
      (data) => current && setRead({ url, data }),
      (error: unknown) => current && setRead({ url, error }),
    );
    return () => {
      current = false;
    };
  }, [url]);
  const mine = url !== null && read?.url === url ? read : null;
  return { data: mine?.data, error: mine?.error, loading: url !== null && mine === null };
}
