/**
 * Form Submissions shows the visitor's message: the start of it under the name, the whole of it
 * (as text, never as markup) in the row's details, which the name opens and closes; how long
 * staff took to answer each, and the median per week.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { FormSubmission } from '@lp/contracts';
import { renderScreen } from '../../../test/render-in-router';
import { SubmissionFirstTouch } from '../../analytics';
import { FormSubmissionsPage } from './form-submissions-page';
import { json } from '../../../test/fake-api';

const MESSAGE = 'Is lot 12 still available?\nWe visit on Saturday. <script>alert(1)</script> <b>bold</b>';
const submission = (over: Partial<FormSubmission>): FormSubmission => ({
  id: 1,
  firstName: 'Rosa',
  lastName: 'Tsosie',
  email: 'rosa.tsosie@example.com',
  phone: '928-555-0188',
  interest: 'buying',
  message: MESSAGE,
  source: 'contact-page',
  topic: null,
  page: '/contact',
  lotNumber: 12,
  sessionId: null,
  country: 'US',
  region: 'Arizona',
  city: 'Page',
  createdAt: '2026-11-20T16:00:00.000Z',
  contactId: null,
  convertedAt: null,
  firstResponseAt: null,
  ...over,
});

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    if (url.startsWith('/api/marketing/submissions/response-times'))
      return json({
        timeZone: 'America/Phoenix',
        weeks: [
          { weekStart: '2026-11-09', leads: 0, answered: 0, medianMs: null },
          { weekStart: '2026-11-16', leads: 2, answered: 1, medianMs: 134 * 60_000 },
        ],
      });
    if (url.startsWith('/api/marketing/submissions'))
      return json([
        submission({ firstResponseAt: '2026-11-20T18:14:30.000Z' }),
        submission({ id: 2, firstName: 'Tom', lastName: 'Baker', message: null }),
      ]);
    return json([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

it("opens a submission's details from its name: the whole message as text, and the fields the row hides", async () => {
  const user = userEvent.setup();
  renderScreen(<FormSubmissionsPage firstTouch={(sessionId) => <SubmissionFirstTouch sessionId={sessionId} />} />);
  const toggle = await screen.findByRole('button', { name: 'Rosa Tsosie details' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  // The start of the message is in the row; the details are not shown yet.
  expect(toggle.closest('td')!.textContent).toContain('Is lot 12 still available?');
  expect(screen.queryByRole('region', { name: 'Message from Rosa Tsosie' })).toBeNull();

  await user.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  const message = within(details).getByRole('region', { name: 'Message from Rosa Tsosie' });
  expect(message.querySelector('p')!.textContent).toBe(MESSAGE);
  expect(message.querySelector('script, b')).toBeNull();
  for (const text of ['928-555-0188', 'Buying a property', 'Lot 12', 'Contact page', '/contact', 'Page, Arizona, US'])
    expect(details.textContent).toContain(text);

  // Keyboard: the name button toggles it closed again.
  toggle.focus();
  await user.keyboard('{Enter}');
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Tom Baker details' }));
  expect(screen.getByText('No message was sent with this form.')).toBeTruthy();
});

it('shows how long staff took to answer each lead, and the median per week', async () => {
  renderScreen(<FormSubmissionsPage firstTouch={() => null} />);
  const table = (await screen.findByRole('button', { name: 'Rosa Tsosie details' })).closest('table')!;
  const header = within(table).getByRole('columnheader', { name: 'First response' });
  const column = [...header.parentElement!.children].indexOf(header);
  const cellOf = (name: string) =>
    within(table)
      .getByRole('button', { name: `${name} details` })
      .closest('tr')!.children[column]!.textContent;
  expect(cellOf('Rosa Tsosie')).toBe('2 h 14 min');
  expect(cellOf('Tom Baker')).toBe('—');
  const weeks = await screen.findByRole('table', { name: 'Median time to first response per week' });
  const rows = within(weeks)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);
  expect(rows).toEqual(['Nov 16212 h 14 min', 'Nov 900—']);
});
