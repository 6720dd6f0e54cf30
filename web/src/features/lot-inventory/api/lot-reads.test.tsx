/**
 * The Lots screen's reads show the lots as stored now each time the screen (or the edit
 * dialog's history) is shown, not the copy cached on an earlier visit: others change lots too,
 * and inline changes are based on the version listed.
 */
import { render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Lot, LotChange } from '@lp/contracts';
import { swrDefaults } from '../../../lib/swr-defaults';
import { lotChangesKey, useLotChanges } from './list-lot-changes';
import { STAFF_LOTS_KEY, useStaffLots } from './list-staff-lots';
import { json } from '../../../test/fake-api';

const lot = (status: Lot['status'], version: number) => ({ number: 5, status, version }) as Lot;
const change = (by: string) => ({ id: 1, lotNumber: 5, changedBy: by, changedAt: '', changes: {} }) as LotChange;

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) =>
    json(url === STAFF_LOTS_KEY ? [lot('reserved', 2)] : [change('other-office')]),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Reads() {
  const { lots } = useStaffLots();
  const { changes } = useLotChanges(5);
  return (
    <p>
      {lots?.map((l) => `${l.status} v${l.version}`).join()} / {changes?.map((c) => c.changedBy).join()}
    </p>
  );
}

it('reads the lots and a lot’s history again when shown, over the copies cached before', async () => {
  const cached = new Map<string, unknown>([
    [STAFF_LOTS_KEY, { data: [lot('available', 1)] }],
    [lotChangesKey(5), { data: [] }],
  ]);
  render(
    <SWRConfig value={{ ...swrDefaults, provider: () => cached as never }}>
      <Reads />
    </SWRConfig>,
  );
  expect((await screen.findByText('reserved v2 / other-office')).textContent).toBe('reserved v2 / other-office');
});
