import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ContactPageFormSchema, SharedFormSchema, LoginRequestSchema, fieldErrorsOf } from '@lp/contracts';
import { SUBMISSION_MESSAGES } from './submission-messages';

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? {} : fieldErrorsOf(r.issues);
};
const empty = { firstName: '', lastName: '', phone: '', email: '', interest: '', message: '' };

describe('form validation messages (spec §5)', () => {
  it('contact page: all six fields required with their messages', () => {
    expect(errorsOf(ContactPageFormSchema, empty)).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      phone: ['Valid phone number is required'],
      email: ['Valid email is required'],
      interest: ['Please select an interest'],
      message: ['Message is required'],
    });
  });

  it('shared form: names, phone (10+) and email required; interest and message optional', () => {
    expect(errorsOf(SharedFormSchema, { ...empty, phone: '555-0142' })).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      phone: ['Valid phone number is required'],
      email: ['Valid email is required'],
    });
    expect(
      errorsOf(SharedFormSchema, { ...empty, firstName: 'A', lastName: 'B', phone: '9285550142', email: 'a@b.co' }),
    ).toEqual({});
  });

  it('login: username and password required', () => {
    expect(errorsOf(LoginRequestSchema, { username: '', password: '' })).toEqual({
      username: ['Username is required'],
      password: ['Password is required'],
    });
  });
});

describe('form toasts (spec §8)', () => {
  it('has the exact texts of each page', () => {
    expect(SUBMISSION_MESSAGES['contact-page'].error).toEqual({
      title: 'Form submission failed',
      description: 'Please try again later.',
    });
    expect(SUBMISSION_MESSAGES['contact-page'].success).toEqual({
      title: 'Form submitted successfully',
      description: "We'll be in touch soon!",
    });
    expect(SUBMISSION_MESSAGES.home.success.title).toBe('Success!');
    expect(SUBMISSION_MESSAGES.home.error.description).toBe(
      'There was a problem submitting your form. Please try again.',
    );
    expect(SUBMISSION_MESSAGES.market.success).toEqual({
      title: 'Message sent!',
      description: "We'll get back to you as soon as possible.",
    });
    expect(SUBMISSION_MESSAGES.investment.error).toEqual({
      title: 'Error',
      description: 'There was a problem sending your message. Please try again.',
    });
    expect(SUBMISSION_MESSAGES['builder-package-1'].success).toEqual({
      title: 'Message Sent',
      description: "Thank you for your interest! We'll be in touch soon.",
    });
    expect(SUBMISSION_MESSAGES['builder-package-1'].error).toEqual(SUBMISSION_MESSAGES.market.error);
  });
});
