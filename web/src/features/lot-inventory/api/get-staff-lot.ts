/** GET /api/marketing/lots/{number}: one lot as stored now, read afresh each time the edit dialog opens. */
import type { Lot } from '@lp/contracts';
import { useStoredRecord } from '../../../lib/use-stored-record';

export const staffLotKey = (number: number) => `/api/marketing/lots/${number}`;

export function useStaffLot(number: number) {
  return useStoredRecord<Lot>(staffLotKey(number));
}
