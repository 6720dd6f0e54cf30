import { expect, it } from 'vitest';
import { ApiError } from './api-request';
import { errorMessage, fieldError, UNREACHABLE } from './error-message';

const envelope = (message: string, fields?: Record<string, string[]>) =>
  JSON.stringify({ error: { code: 'validation_failed', message, ...(fields && { details: { fields } }) } });

it("shows the server's message, never the raw status and body", () => {
  expect(errorMessage(new ApiError(400, 'Bad Request', envelope('Name is required')))).toBe('Name is required');
  expect(errorMessage(new ApiError(502, 'Bad Gateway', '<html>proxy error</html>'))).toBe('Please try again.');
  expect(errorMessage(new ApiError(502, 'Bad Gateway', ''), 'Could not save.')).toBe('Could not save.');
});

it('says the server could not be reached when no answer came', () => {
  expect(errorMessage(new ApiError(0, 'Network error', ''))).toBe(UNREACHABLE);
  expect(errorMessage(new TypeError('Failed to fetch'))).toBe(UNREACHABLE);
  expect(errorMessage(new Error('something else'), 'Fallback.')).toBe('Fallback.');
});

it("reads a field's first message from a 400", () => {
  const err = new ApiError(400, 'Bad Request', envelope('Invalid', { password: ['Too short', 'No digit'] }));
  expect(fieldError(err, 'password')).toBe('Too short');
  expect(fieldError(err, 'username')).toBeUndefined();
  expect(fieldError(new Error('x'), 'password')).toBeUndefined();
});
