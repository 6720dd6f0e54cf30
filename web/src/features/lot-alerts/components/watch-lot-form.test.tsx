import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WatchLotForm } from './watch-lot-form';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
});

const email = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Email for lot alerts' });
const notify = () => screen.getByRole('button', { name: 'Notify me' });

describe('WatchLotForm', () => {
  it('checks the address on submit, tied to the field, and again on each change after', async () => {
    const user = userEvent.setup();
    render(<WatchLotForm lotNumber={9} />);
    expect(screen.getByRole('form', { name: 'Tell me when this lot changes' })).toBeDefined();
    await user.click(notify());
    expect(screen.getByText('Valid email is required')).toBeDefined();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-describedby')).toMatch(/-error$/);
    await user.type(email(), 'ann@example.com');
    await waitFor(() => expect(screen.queryByText('Valid email is required')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's field error, keeps one Idempotency-Key for a retry, then asks to check the inbox", async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'Some fields need attention',
          details: { fields: { email: ['That email address is too long'] } },
        },
      }),
    );
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    fetchMock.mockResolvedValueOnce(json(201, { id: 'x' }));
    const user = userEvent.setup();
    render(<WatchLotForm lotNumber={9} />);
    await user.type(email(), 'ann@example.com');
    await user.click(notify());
    expect(await screen.findByText('That email address is too long')).toBeDefined();
    await user.click(notify());
    expect(await screen.findByRole('alert')).toBeDefined();
    await user.click(notify());
    expect(await screen.findByText('Check your inbox to confirm')).toBeDefined();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/lots/9/watch');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ann@example.com', website: '' });
    const keys = fetchMock.mock.calls.map(([, i]) => (i.headers as Record<string, string>)['Idempotency-Key']);
    expect(new Set(keys).size).toBe(1);
  });
});
