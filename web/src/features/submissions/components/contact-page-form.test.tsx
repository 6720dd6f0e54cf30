import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactPageForm } from './contact-page-form';
import { renderInRouter } from '../../../test/render-in-router';
import { getToasts, dismissToast } from '../../../components/toast/toast-store';

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
async function fill(user: UserEvent) {
  await user.type(field('First name'), 'Ann');
  await user.type(field('Last name'), 'Lee');
  await user.type(field('Phone'), '928-555-0100');
  await user.type(field('Email'), 'ann@example.com');
  await user.selectOptions(screen.getByRole('combobox', { name: "I'm interested in" }), 'buying');
  await user.type(field('Message'), 'Tell me about lot 12');
}
const submitButton = () => screen.getByRole('button', { name: 'Send Message' });

describe('ContactPageForm', () => {
  it('shows the six messages on submit, tied to their fields, and revalidates on change', async () => {
    const user = userEvent.setup();
    renderInRouter(<ContactPageForm />, '/contact');
    await user.click(submitButton());
    expect(await screen.findByText('Please select an interest')).toBeDefined();
    for (const msg of [
      'First name is required',
      'Last name is required',
      'Valid phone number is required',
      'Valid email is required',
      'Message is required',
    ]) {
      expect(screen.getByText(msg)).toBeDefined();
    }
    const first = field('First name');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-describedby')!)?.textContent).toBe(
      'First name is required',
    );
    await user.type(first, 'Ann');
    await waitFor(() => expect(screen.queryByText('First name is required')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the submission with source, honeypot, timing and an idempotency key reused on retry', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 503, statusText: 'Service Unavailable' }));
    fetchMock.mockResolvedValueOnce(
      new Response('{"id":7}', { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    const user = userEvent.setup();
    renderInRouter(<ContactPageForm />, '/contact');
    await fill(user);
    await user.click(submitButton());
    await waitFor(() => expect(getToasts()[0]?.title).toBe('Form submission failed'));
    expect(getToasts()[0]).toMatchObject({ description: 'Please try again later.', variant: 'destructive' });
    await user.click(submitButton());
    const another = await screen.findByRole('button', { name: 'Send another message' });
    expect(getToasts()[0]).toMatchObject({
      title: 'Form submitted successfully',
      description: "We'll be in touch soon!",
    });

    const [[url, first], [, second]] = fetchMock.mock.calls as [[string, RequestInit], [string, RequestInit]];
    expect(url).toBe('/api/contact');
    const headersOf = (i: RequestInit) => i.headers as Record<string, string>;
    expect(headersOf(first)['Idempotency-Key']).toBe(headersOf(second)['Idempotency-Key']);
    const body = JSON.parse(String(second.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ firstName: 'Ann', interest: 'buying', source: 'contact-page', website: '' });
    expect(typeof body.elapsedMs).toBe('number');
    expect(typeof body.sessionId).toBe('string');

    await user.click(another);
    expect(field('First name').value).toBe('');
  });

  it('shows server field errors beside their fields', async () => {
    const envelope = {
      error: {
        message: 'Invalid',
        code: 'validation_failed',
        details: { fields: { email: ['Valid email is required'] } },
      },
    };
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify(envelope), { status: 400, headers: { 'content-type': 'application/json' } }),
    );
    const user = userEvent.setup();
    renderInRouter(<ContactPageForm />, '/contact');
    await fill(user);
    await user.click(submitButton());
    await waitFor(() => expect(field('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Valid email is required')).toBeDefined();
  });
});
