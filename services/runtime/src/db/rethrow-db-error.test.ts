import { describe, expect, it } from 'vitest';
import { PermanentError } from '../errors.ts';
import { rethrowDbError } from './rethrow-db-error.ts';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
const thrown = (err: unknown) => {
  try {
    rethrowDbError(err);
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
};

describe('rethrowDbError', () => {
  it('makes data exceptions and integrity violations permanent', () => {
    for (const code of ['22001', '22003', '22P05', '22007', '23502', '23503', '23514', '23505'])
      expect(thrown(pgError(code)), code).toBeInstanceOf(PermanentError);
  });

  it('leaves connection, timeout, serialization, deadlock and shutdown failures to be retried', () => {
    for (const code of ['08006', '08001', '40001', '40P01', '57P01', '57014', '53300', 'ECONNREFUSED']) {
      const err = thrown(pgError(code));
      expect(err, code).not.toBeInstanceOf(PermanentError);
      expect((err as { code: string }).code).toBe(code);
    }
    expect(thrown(new Error('Knex: Timeout acquiring a connection'))).not.toBeInstanceOf(PermanentError);
  });
});
