import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SharedFormValues } from '@lp/contracts';
import { dismissToast } from '../../../components/toast/toast-store';
import { useFormSubmission } from './use-form-submission';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const values: SharedFormValues = { firstName: 'Ann', lastName: 'Lee', phone: '928-555-0100', email: 'ann@example.com' };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(
    new Response('{"id":1}', { status: 201, headers: { 'content-type': 'application/json' } }),
  );
  dismissToast();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
});

describe('useFormSubmission timing', () => {
  it('sends the time since the page loaded, not since the (lazily mounted) form appeared', async () => {
    // The visitor has been on the page 30 s; the form mounts now and is submitted at once.
    vi.spyOn(performance, 'now').mockReturnValue(30_000.4);
    const { result } = renderHook(() => useFormSubmission({ source: 'home', onFieldErrors: () => {} }));
    let ok = false;
    await act(async () => {
      ok = await result.current.submit(values);
    });
    expect(ok).toBe(true);
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1].body)) as { elapsedMs: number };
    expect(body.elapsedMs).toBe(30_000);
  });
});
