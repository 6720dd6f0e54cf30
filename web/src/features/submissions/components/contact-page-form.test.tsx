import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactPageForm } from './contact-page-form';
import { byLabel, click, render, type, waitFor } from '../../../test/render';
import { getToasts, dismissToast } from '../../../components/toast/toast-store';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  document.body.innerHTML = '';
  dismissToast();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
});

async function fill(container: HTMLElement) {
  await type(byLabel(container, 'First name'), 'Ann');
  await type(byLabel(container, 'Last name'), 'Lee');
  await type(byLabel(container, 'Phone'), '928-555-0100');
  await type(byLabel(container, 'Email'), 'ann@example.com');
  await type(byLabel(container, "I'm interested in") as unknown as HTMLSelectElement, 'buying');
  await type(byLabel(container, 'Message') as unknown as HTMLTextAreaElement, 'Tell me about lot 12');
}
const submitButton = (c: HTMLElement) => c.querySelector('button[type="submit"]')!;

describe('ContactPageForm', () => {
  it('shows the six messages on submit, tied to their fields, and revalidates on change', async () => {
    const { container } = await render(<ContactPageForm />, '/contact');
    await click(submitButton(container));
    await waitFor(() => expect(container.textContent).toContain('Please select an interest'));
    for (const msg of [
      'First name is required',
      'Last name is required',
      'Valid phone number is required',
      'Valid email is required',
      'Message is required',
    ]) {
      expect(container.textContent).toContain(msg);
    }
    const first = byLabel(container, 'First name');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-describedby')!)?.textContent).toBe(
      'First name is required',
    );
    await type(first, 'Ann');
    await waitFor(() => expect(container.textContent).not.toContain('First name is required'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the submission with source, honeypot, timing and an idempotency key reused on retry', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 503, statusText: 'Service Unavailable' }));
    fetchMock.mockResolvedValueOnce(
      new Response('{"id":7}', { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    const { container } = await render(<ContactPageForm />, '/contact');
    await fill(container);
    await click(submitButton(container));
    await waitFor(() => expect(getToasts()[0]?.title).toBe('Form submission failed'));
    expect(getToasts()[0]).toMatchObject({ description: 'Please try again later.', variant: 'destructive' });
    await click(submitButton(container));
    await waitFor(() => expect(container.textContent).toContain('Send another message'));
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

    await click(
      Array.from(container.querySelectorAll('button')).find((b) => b.textContent === 'Send another message')!,
    );
    expect(byLabel(container, 'First name').value).toBe('');
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
    const { container } = await render(<ContactPageForm />, '/contact');
    await fill(container);
    await click(submitButton(container));
    await waitFor(() => expect(byLabel(container, 'Email').getAttribute('aria-invalid')).toBe('true'));
    expect(container.textContent).toContain('Valid email is required');
  });
});
