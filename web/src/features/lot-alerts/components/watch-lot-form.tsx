/**
 * "Tell me when this lot changes": an e-mail field, the consent text and a button. Small on
 * purpose (the lot page is prerendered and public): no form library, a light address check on
 * submit (again on each change after), the server's schema the judge — its field error shows on
 * the field, any other failure under the button. One Idempotency-Key per address until it
 * succeeds, so a double click or a retry is one request. Success: "Check your inbox to confirm".
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { LOT_WATCH_EMAIL_MESSAGE } from '@lp/contracts/lot-watch-names';
import { createUuid } from '../../../lib/create-uuid';
import { errorMessage, fieldError } from '../../../lib/error-message';
import { watchLot } from '../api/watch-lot';

const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(s.trim());

export function WatchLotForm({ lotNumber }: { lotNumber: number }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [fieldMessage, setFieldMessage] = useState<string | null>(null);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const [tried, setTried] = useState(false);
  const key = useRef<{ email: string; key: string } | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    setFormMessage(null);
    if (!looksLikeEmail(email)) return setFieldMessage(LOT_WATCH_EMAIL_MESSAGE);
    setFieldMessage(null);
    if (key.current?.email !== email) key.current = { email, key: createUuid() };
    setState('sending');
    try {
      await watchLot(lotNumber, { email, website: honeypot.current?.value ?? '' }, key.current.key);
      key.current = null;
      setState('done');
    } catch (err) {
      setState('idle');
      const onField = fieldError(err, 'email');
      if (onField) setFieldMessage(onField);
      else setFormMessage(errorMessage(err, 'Your request could not be sent. Please try again.'));
    }
  }

  if (state === 'done')
    return (
      <div role="status" className="rounded-xl bg-green-50 p-4 text-green-900 ring-1 ring-green-700/20">
        <p className="font-semibold">Check your inbox to confirm</p>
        <p className="text-sm">We sent a link to {email}. Alerts start once you follow it.</p>
      </div>
    );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="relative rounded-xl bg-white p-4 ring-1 ring-stone-200"
    >
      <h2 id={`${id}-title`} className="font-semibold text-lake-900">
        Tell me when this lot changes
      </h2>
      <label htmlFor={`${id}-email`} className="mt-2 block text-sm font-medium text-stone-800">
        Email for lot alerts
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (tried) setFieldMessage(looksLikeEmail(e.target.value) ? null : LOT_WATCH_EMAIL_MESSAGE);
          }}
          aria-invalid={fieldMessage ? true : undefined}
          aria-describedby={`${id}-consent${fieldMessage ? ` ${id}-error` : ''}`}
          className="min-h-11 w-full grow rounded-md border border-stone-300 px-3"
        />
        <button
          type="submit"
          disabled={state === 'sending'}
          className="min-h-11 shrink-0 rounded-md bg-lake-700 px-4 font-semibold text-white hover:bg-lake-800 disabled:opacity-60"
        >
          {state === 'sending' ? 'Sending...' : 'Notify me'}
        </button>
      </div>
      {fieldMessage && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {fieldMessage}
        </p>
      )}
      <p id={`${id}-consent`} className="mt-2 text-xs text-stone-600">
        We'll email you when lot {lotNumber}'s status or price changes, after you confirm your address. Nothing else;
        every alert has a link to stop them.
      </p>
      {formMessage && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {formMessage}
        </p>
      )}
      <div className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input ref={honeypot} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
    </form>
  );
}
