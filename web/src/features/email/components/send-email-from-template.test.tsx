/**
 * 'Use in Email' (/marketing/send-email?template={id}) fills the form from the template as
 * stored now: the templates list cached before someone saved the template is shown while it is
 * read again, and must not be what goes into the e-mail.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { swrDefaults } from '../../../lib/swr-defaults';
import { renderInRouter } from '../../../test/render-in-router';
import { TEMPLATES_KEY } from '../api/templates';
import { SendEmailPage } from './send-email-page';
import { json } from '../../../test/fake-api';
import { templateOf } from '../../../test/fixtures';

const template = templateOf;

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) =>
    json(url === TEMPLATES_KEY ? [template('Saved since', '<p>Newer</p>', 2)] : []),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it('uses the template as read now, not the copy the list cached before it was saved', async () => {
  const cached = new Map<string, unknown>([[TEMPLATES_KEY, { data: [template('Old subject', '<p>Old</p>', 1)] }]]);
  renderInRouter(
    <SWRConfig value={{ ...swrDefaults, provider: () => cached as never }}>
      <SendEmailPage />
    </SWRConfig>,
    '/marketing/send-email?template=4',
  );
  await screen.findByText('Saved since');
  await userEvent.setup().click(screen.getByRole('tab', { name: 'Compose' }));
  expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('Saved since');
  expect((screen.getByLabelText(/^Content/) as HTMLTextAreaElement).value).toBe('<p>Newer</p>');
});
