/**
 * The anti-spam honeypot `website`: present and empty for people, visually hidden, out of the
 * tab order, labelled so a screen-reader user who reaches it knows to leave it alone.
 */
import type { Ref } from 'react';

export function HoneypotField({ id, inputRef }: { id: string; inputRef: Ref<HTMLInputElement> }) {
  return (
    <div className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input ref={inputRef} id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
