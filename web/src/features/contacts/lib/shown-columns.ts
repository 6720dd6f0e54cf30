/**
 * Which optional columns the contacts table shows (the tags, each custom field by `custom:<key>`):
 * chosen in the column picker and kept in this browser's localStorage, so the choice survives a
 * reload. Storage that is missing, full or holds something else means none are shown.
 */
import { useState } from 'react';

export const SHOWN_COLUMNS_STORAGE_KEY = 'lp.contacts.shownColumns';

function readShown(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SHOWN_COLUMNS_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

export function useShownColumns() {
  const [shown, setShown] = useState<string[]>(readShown);
  const toggle = (id: string) => {
    const next = shown.includes(id) ? shown.filter((c) => c !== id) : [...shown, id];
    setShown(next);
    try {
      localStorage.setItem(SHOWN_COLUMNS_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage refused (private mode, full): the choice lasts until the page is left.
    }
  };
  return { shown, toggle };
}
