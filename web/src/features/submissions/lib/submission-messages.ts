/** The toasts of each public form after submit (public site spec §8). */
import type { SubmissionSource } from '@lp/contracts';

type Message = { title: string; description: string };
type SubmissionMessages = { success: Message; error: Message };

const SEND_ERROR: Message = {
  title: 'Error',
  description: 'There was a problem sending your message. Please try again.',
};
const MESSAGE_SENT: Message = { title: 'Message sent!', description: "We'll get back to you as soon as possible." };

export const SUBMISSION_MESSAGES: Record<SubmissionSource, SubmissionMessages> = {
  'contact-page': {
    success: { title: 'Form submitted successfully', description: "We'll be in touch soon!" },
    error: { title: 'Form submission failed', description: 'Please try again later.' },
  },
  home: {
    success: { title: 'Success!', description: 'Thank you for your submission! We will contact you shortly.' },
    error: { title: 'Error', description: 'There was a problem submitting your form. Please try again.' },
  },
  market: { success: MESSAGE_SENT, error: SEND_ERROR },
  investment: { success: MESSAGE_SENT, error: SEND_ERROR },
  'builder-package-1': {
    success: { title: 'Message Sent', description: "Thank you for your interest! We'll be in touch soon." },
    error: SEND_ERROR,
  },
  'lot-page': { success: MESSAGE_SENT, error: SEND_ERROR },
};
