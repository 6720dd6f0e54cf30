/**
 * The submit path every public form shares: adds source, topic, page, session id, the honeypot
 * and the time since the page loaded; keeps one Idempotency-Key per payload; moves idle →
 * submitting → submitted; shows the form's toasts; hands server field errors back to the form.
 */
import { useRef, useState } from 'react';
import type { FieldErrors, SharedFormValues, SubmissionSource } from '@lp/contracts';
import { ApiError } from '../../../lib/api-request';
import { toast } from '../../../components/toast/toast-store';
import { getSessionId, trackEvent } from '../../../lib/analytics/tracker';
import { sendSubmission } from '../api/send-submission';
import { createIdempotencyKeeper } from './idempotency-keeper';
import { SUBMISSION_MESSAGES } from './submission-messages';

type SubmissionStatus = 'idle' | 'submitting' | 'submitted';
type Options = {
  source: SubmissionSource;
  topic?: string;
  lotNumber?: number;
  onFieldErrors: (fields: FieldErrors) => void;
};

/**
 * How long the visitor has had the page: ms since navigation start. Not since the form mounted,
 * because most forms mount lazily as they near the viewport; a person who jumps there and
 * autofills could submit within the server's minimum fill time and be silently screened out.
 */
function elapsedSincePageLoad(): number {
  return Math.round(performance.now());
}

export function useFormSubmission({ source, topic, lotNumber, onFieldErrors }: Options) {
  const [status, setStatus] = useState<SubmissionStatus>('idle');
  const inFlight = useRef(false);
  const keeper = useRef(createIdempotencyKeeper());
  const honeypotRef = useRef<HTMLInputElement>(null);
  const messages = SUBMISSION_MESSAGES[source];

  async function submit(values: SharedFormValues): Promise<boolean> {
    if (inFlight.current) return false;
    inFlight.current = true;
    const payload = {
      ...values,
      source,
      ...(topic ? { topic } : {}),
      ...(lotNumber ? { lotNumber } : {}),
      page: window.location.pathname,
      sessionId: getSessionId(),
      website: honeypotRef.current?.value ?? '',
    };
    const key = keeper.current.keyFor(payload);
    setStatus('submitting');
    try {
      await sendSubmission({ ...payload, elapsedMs: elapsedSincePageLoad() }, key);
      keeper.current.reset();
      setStatus('submitted');
      toast({ ...messages.success });
      trackEvent({ name: 'form_submitted', category: 'submission', action: 'submit', label: source });
      return true;
    } catch (error) {
      setStatus('idle');
      const fields = error instanceof ApiError ? error.envelope?.error.details?.fields : undefined;
      if (fields) onFieldErrors(fields);
      toast({ ...messages.error, variant: 'destructive' });
      return false;
    } finally {
      inFlight.current = false;
    }
  }

  return { status, setStatus, submit, honeypotRef };
}
