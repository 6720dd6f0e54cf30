import { describe, expect, it } from 'vitest';
import { mergeHistoryWindows, newestEntries } from './history-window.ts';

const at = (day: number, id = `d${day}`) => ({ id, at: new Date(Date.UTC(2026, 0, day)).toISOString() });
const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe('newestEntries', () => {
  it('keeps everything, newest first, when nothing is held back', () => {
    const w = newestEntries([at(1), at(3), at(2)], 3);
    expect(ids(w.items)).toEqual(['d3', 'd2', 'd1']);
    expect(w.shownSince).toBeNull();
  });

  it('keeps the newest and says from when the window is whole', () => {
    const w = newestEntries([at(1), at(2), at(3), at(4)], 3);
    expect(ids(w.items)).toEqual(['d4', 'd3', 'd2']);
    expect(w.shownSince).toBe(at(2).at);
  });

  it('drops the entries that share the time of the first one held back, so no gap hides at the edge', () => {
    const w = newestEntries([at(3), at(2, 'a'), at(2, 'b'), at(1)], 2);
    expect(ids(w.items)).toEqual(['d3']);
    expect(w.shownSince).toBe(at(3).at);
  });
});

describe('mergeHistoryWindows', () => {
  it('merges whole windows into one whole history', () => {
    const w = mergeHistoryWindows([
      { items: [at(5), at(1)], shownSince: null },
      { items: [at(3)], shownSince: null },
    ]);
    expect(ids(w.items)).toEqual(['d5', 'd3', 'd1']);
    expect(w.shownSince).toBeNull();
  });

  it('cuts at the latest window edge, so an old entry of one owner never sits beside a gap in another', () => {
    const mail = { items: [at(9, 'sent9'), at(6, 'sent6')], shownSince: at(6).at }; // older mail held back
    const crm = { items: [at(8, 'form8'), at(2, 'form2')], shownSince: null };
    const inbox = { items: [at(7, 'in7')], shownSince: at(4).at };
    const w = mergeHistoryWindows([mail, crm, inbox]);
    expect(ids(w.items)).toEqual(['sent9', 'form8', 'in7', 'sent6']);
    expect(w.shownSince).toBe(at(6).at);
  });
});
