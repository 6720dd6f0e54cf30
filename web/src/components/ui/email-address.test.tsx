/** An e-mail address may wrap before its @ and dots only, and reads as the address. */
import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { EmailAddress } from './email-address';

it('puts a break opportunity before the @ and each dot, nowhere else', () => {
  const { container } = render(<EmailAddress value="maria.gonzalez-whitfield@long-domain.example.com" />);
  const span = container.firstElementChild!;
  expect(span.textContent).toBe('maria.gonzalez-whitfield@long-domain.example.com');
  expect(span.innerHTML).toBe('maria<wbr>.gonzalez-whitfield<wbr>@long-domain<wbr>.example<wbr>.com');
});
