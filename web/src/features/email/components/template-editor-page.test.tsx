/**
 * The template editor with a fake API: it opens the version stored now (read afresh each time,
 * never the copy read before the last save), shows nothing editable until that answer arrives
 * (so no late answer replaces what was typed), and names a bad or missing id on arrival.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Template } from '@lp/contracts/email';
import { INVALID_TEMPLATE_ID } from '@lp/contracts/email';
import { renderScreen } from '../../../test/render-in-router';
import { TemplateEditorPage } from './template-editor-page';
import { json } from '../../../test/fake-api';
import { templateOf } from '../../../test/fixtures';

let stored: Template;
let answer: () => Promise<Response>;
let gets = 0;

const template = (subject: string, content: string): Template => templateOf(subject, content);

beforeEach(() => {
  gets = 0;
  stored = template('First subject', '<p>First</p>');
  answer = async () => json(stored);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') === 'GET' && url === '/api/marketing/templates/4') {
      gets += 1;
      return answer();
    }
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const open = (id: number) => renderScreen(<TemplateEditorPage templateId={id} />);

it('opens the version stored now each time, not the one read before the last save', async () => {
  const first = open(4);
  expect(((await screen.findByLabelText(/^Subject/)) as HTMLInputElement).value).toBe('First subject');
  first.unmount();
  stored = template('Second subject', '<p>Second</p>');
  open(4);
  expect(((await screen.findByLabelText(/^Subject/)) as HTMLInputElement).value).toBe('Second subject');
  expect((screen.getByLabelText(/^Content/) as HTMLTextAreaElement).value).toBe('<p>Second</p>');
  expect(gets).toBe(2);
});

it('shows nothing to type into until the stored version arrives', async () => {
  let arrive!: () => void;
  answer = () => new Promise<Response>((resolve) => (arrive = () => resolve(json(stored))));
  open(4);
  expect((await screen.findByRole('status')).textContent).toBe('Loading template…');
  expect(screen.queryByLabelText(/^Content/)).toBeNull();
  arrive();
  const content = (await screen.findByLabelText(/^Content/)) as HTMLTextAreaElement;
  await userEvent.setup().type(content, ' more');
  expect(content.value).toBe('<p>First</p> more');
});

it.each([0, 2147483648])('says the id %d is invalid on arrival, without asking the server', async (id) => {
  open(id);
  expect((await screen.findByRole('alert')).textContent).toBe(INVALID_TEMPLATE_ID);
  expect(screen.queryByLabelText(/^Content/)).toBeNull();
  expect(gets).toBe(0);
});

it('says a template that does not exist was not found', async () => {
  answer = async () => json({ error: { code: 'not_found', message: 'Template not found' } }, 404);
  open(4);
  expect((await screen.findByRole('alert')).textContent).toBe('Template not found');
});

it('says the templates could not be loaded when the server fails', async () => {
  answer = async () => json({ error: { code: 'internal', message: 'Internal error' } }, 500);
  open(4);
  expect((await screen.findByRole('alert')).textContent).toBe('Failed to load templates');
});

it('saves over the version it opened; refused because it was saved since, it keeps what was typed and loads the newer version on request', async () => {
  stored = { ...template('First subject', '<p>First</p>'), version: 3 } as Template;
  const puts: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') === 'GET' && url === '/api/marketing/templates/4') return json(stored);
    if (init.method === 'PUT' && url === '/api/marketing/templates/4') {
      puts.push(JSON.parse(String(init.body)));
      // Someone else saved version 4 meanwhile.
      stored = { ...template('Saved elsewhere', '<p>Theirs</p>'), version: 4 } as Template;
      return json({ error: { code: 'conflict', message: 'This template was changed since you opened it' } }, 409);
    }
    return json([]);
  });
  open(4);
  const content = (await screen.findByLabelText(/^Content/)) as HTMLTextAreaElement;
  const user = userEvent.setup();
  await user.clear(content);
  await user.type(content, 'Mine, typed here');
  await user.click(screen.getByRole('button', { name: 'Save Template' }));

  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('This template was changed since you opened it');
  expect(puts).toEqual([expect.objectContaining({ version: 3, content: 'Mine, typed here' })]);
  expect(content.value).toBe('Mine, typed here');

  await user.click(screen.getByRole('button', { name: 'Load the newer version' }));
  await vi.waitFor(() => expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('Saved elsewhere'));
  expect((screen.getByLabelText(/^Content/) as HTMLTextAreaElement).value).toBe('<p>Theirs</p>');
  expect(screen.queryByRole('alert')).toBeNull();
});
