/**
 * The shared form of the home, market, investment, builder and lot pages: a failed submission is
 * announced in an alert beside the button with the page's own failure text (cleared when the
 * visitor tries again), and each flagged field is described by its message.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../components/toast/toast-store';
import { renderInRouter } from '../../../test/render-in-router';
import SharedForm from './shared-form';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  dismissToast();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
});

const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });

it('ties field errors to their inputs and announces a failed submission in an alert', async () => {
  const envelope = {
    error: {
      message: 'Invalid',
      code: 'validation_failed',
      details: { fields: { phone: ['Valid phone number is required'] } },
    },
  };
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(envelope), { status: 400, headers: { 'content-type': 'application/json' } }),
  );
  let answer!: (r: Response) => void;
  fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
  const user = userEvent.setup();
  renderInRouter(<SharedForm source="home" />, '/');
  expect(screen.getByRole('alert').textContent).toBe('');

  await user.click(screen.getByRole('button', { name: 'Send Message' }));
  const first = await screen.findByRole('textbox', { name: 'First name', description: 'First name is required' });
  expect(first.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByRole('alert').textContent).toBe('');
  expect(fetchMock).not.toHaveBeenCalled();

  await user.type(field('First name'), 'Ann');
  await user.type(field('Last name'), 'Lee');
  await user.type(field('Phone'), '928-555-0100');
  await user.type(field('Email'), 'ann@example.com');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
  await waitFor(() =>
    expect(screen.getByRole('alert').textContent).toBe(
      'Error There was a problem submitting your form. Please try again.',
    ),
  );
  expect(screen.getByRole('textbox', { name: 'Phone', description: 'Valid phone number is required' })).toBe(
    field('Phone'),
  );
  expect(field('Phone').getAttribute('aria-invalid')).toBe('true');
  expect(field('First name').getAttribute('aria-invalid')).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Send Message' }));
  await screen.findByRole('button', { name: 'Sending...' });
  expect(screen.getByRole('alert').textContent).toBe('');
  answer(new Response('{"id":7}', { status: 201, headers: { 'content-type': 'application/json' } }));
  await screen.findByRole('button', { name: 'Message Sent' });
  expect(screen.getByRole('alert').textContent).toBe('');
});
