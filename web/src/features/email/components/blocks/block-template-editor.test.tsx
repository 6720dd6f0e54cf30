/**
 * A block template in the template editor with a fake API: it opens in the block editor with
 * the mailer's render as its preview, an incomplete block stops the save with its field marked,
 * and Switch to HTML asks first, then turns the blocks into the HTML editor's content for good
 * (saved as an HTML template, no blocks).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Template } from '@lp/contracts/email';
import { renderScreen } from '../../../../test/render-in-router';
import { json } from '../../../../test/fake-api';
import { templateOf } from '../../../../test/fixtures';
import { TemplateEditorPage } from '../template-editor-page';

const RENDERED = '<div><h1>Hello {{firstName}}</h1><p>Lots by the lake</p></div>';
let saved: unknown[];
let previews: number;
const stored: Template = {
  ...templateOf('Lots', RENDERED),
  editor: 'blocks',
  blocks: [
    { id: 'h1', type: 'heading', level: 1, text: 'Hello {{firstName}}' },
    { id: 't1', type: 'text', text: 'Lots by the lake' },
  ],
};

beforeEach(() => {
  saved = [];
  previews = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url === '/api/marketing/templates/4') return json(stored);
    if (method === 'POST' && url === '/api/marketing/templates/preview') {
      previews += 1;
      return json({ html: RENDERED });
    }
    if (method === 'PUT' && url === '/api/marketing/templates/4') {
      saved.push(JSON.parse(String(init.body)));
      return json({ ...stored, version: 2 });
    }
    return json([]);
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it('opens a block template in the block editor and will not save an incomplete block', async () => {
  const user = userEvent.setup();
  renderScreen(<TemplateEditorPage templateId={4} />);
  const heading = await screen.findByRole('group', { name: 'Block 1: Heading' });
  expect((within(heading).getByRole('textbox', { name: 'Heading text' }) as HTMLInputElement).value).toBe(
    'Hello {{firstName}}',
  );
  expect(screen.queryByLabelText(/^Content \(HTML\)/)).toBeNull();
  await screen.findByTitle('Email preview');
  expect(previews).toBeGreaterThan(0);

  await user.click(screen.getByRole('button', { name: 'Add button' }));
  await user.click(screen.getByRole('button', { name: 'Save Template' }));
  const button = screen.getByRole('group', { name: 'Block 3: Button' });
  expect(await within(button).findByText('Write the button text')).toBeTruthy();
  expect(saved).toEqual([]);
});

it('switches to HTML only after a confirmation, and saves an HTML template with the rendered content', async () => {
  const user = userEvent.setup();
  renderScreen(<TemplateEditorPage templateId={4} />);
  await user.click(await screen.findByRole('button', { name: 'Switch to HTML' }));
  const dialog = screen.getByRole('dialog', { name: 'Switch to HTML' });
  expect(dialog.textContent).toContain('This cannot be undone');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('group', { name: 'Block 1: Heading' })).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Switch to HTML' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Switch to HTML' })).getByRole('button', { name: 'Switch to HTML' }),
  );
  const content = (await screen.findByLabelText(/^Content \(HTML\)/)) as HTMLTextAreaElement;
  expect(content.value).toBe(RENDERED);
  expect(screen.queryByRole('group', { name: 'Block 1: Heading' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Switch to HTML' })).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Save Template' }));
  await vi.waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]).toMatchObject({ editor: 'html', blocks: null, content: RENDERED, version: 1 });
});
