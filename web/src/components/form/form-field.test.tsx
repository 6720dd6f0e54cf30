import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { controlClass, FormField } from './form-field';

describe('FormField', () => {
  it('ties the label, hint and error to the control and announces the error', () => {
    render(
      <FormField id="subject" label="Subject" hint="Shown in the inbox" error="Subject is required" required>
        {(c) => <input {...c} className={controlClass} />}
      </FormField>,
    );
    const input = screen.getByLabelText(/Subject/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Shown in the inbox',
      'Subject is required',
    ]);
    expect(screen.getByRole('alert').textContent).toBe('Subject is required');
  });

  it('puts the hint under the control with hintBelow, still describing it', () => {
    render(
      <FormField id="password" label="Password" hint="At least 12 characters" hintBelow>
        {(c) => <input {...c} type="password" />}
      </FormField>,
    );
    const input = screen.getByLabelText('Password');
    const hint = screen.getByText('At least 12 characters');
    expect(input.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
  });

  it('flags nothing while the field is valid', () => {
    render(
      <FormField id="name" label="Name">
        {(c) => <input {...c} />}
      </FormField>,
    );
    expect(screen.getByLabelText('Name').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
