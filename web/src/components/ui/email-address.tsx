/**
 * An e-mail address as text that wraps, when it must, only before its `@` and its dots (a
 * `<wbr>` there), never inside a name: in a narrow table cell 'maria.lopez@example.com' becomes
 * 'maria' / '.lopez' / '@example' / '.com' at worst, not 'maria.lo' / 'pez@exa'. Screen readers and
 * text search see the address unchanged.
 */
import { Fragment } from 'react';

export function EmailAddress({ value, className }: { value: string; className?: string }) {
  const parts = value.split(/(?=[@.])/);
  return (
    <span className={className}>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {p}
        </Fragment>
      ))}
    </span>
  );
}
