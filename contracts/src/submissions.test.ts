import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './envelope.ts';
import {
  ContactPageFormSchema,
  SharedFormSchema,
  SubmissionRequestSchema,
  SubmissionReceivedSchema,
} from './submissions.ts';

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? {} : fieldErrorsOf(r.issues);
};

describe('contact page form', () => {
  it("gives each empty or missing field the spec's message", () => {
    expect(errorsOf(ContactPageFormSchema, {})).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      phone: ['Valid phone number is required'],
      email: ['Valid email is required'],
      interest: ['Please select an interest'],
      message: ['Message is required'],
    });
  });

  it('needs at least 10 characters of phone and a valid e-mail', () => {
    const e = errorsOf(ContactPageFormSchema, {
      firstName: 'A',
      lastName: 'B',
      phone: '928555',
      email: 'not-an-email',
      interest: 'buying',
      message: 'Hi',
    });
    expect(e).toEqual({ phone: ['Valid phone number is required'], email: ['Valid email is required'] });
  });

  it('refuses the NUL character, which the database cannot store', () => {
    const e = errorsOf(ContactPageFormSchema, {
      firstName: 'A\u0000',
      lastName: 'B',
      phone: '928555\u00000100',
      email: 'a@b.co',
      interest: 'buying',
      message: 'Hi \u0000',
    });
    expect(e).toEqual({
      firstName: ['Contains a character that is not allowed'],
      phone: ['Valid phone number is required'],
      message: ['Contains a character that is not allowed'],
    });
  });

  it('trims what it keeps', () => {
    const r = v.parse(ContactPageFormSchema, {
      firstName: ' Ann ',
      lastName: 'Lee',
      phone: '928 555 0100',
      email: ' ann@example.com ',
      interest: 'buying',
      message: 'About lot 12',
    });
    expect(r.firstName).toBe('Ann');
    expect(r.email).toBe('ann@example.com');
  });
});

describe('shared form', () => {
  it('leaves interest and message optional', () => {
    expect(errorsOf(SharedFormSchema, { firstName: 'A', lastName: 'B', phone: '9285550100', email: 'a@b.co' })).toEqual(
      {},
    );
  });

  it('refuses an unknown source and caps long text', () => {
    const e = errorsOf(SubmissionRequestSchema, {
      firstName: 'A',
      lastName: 'B',
      phone: '9285550100',
      email: 'a@b.co',
      source: 'elsewhere',
      message: 'x'.repeat(5001),
    });
    expect(Object.keys(e).sort()).toEqual(['message', 'source']);
  });
});

describe('submission event on the bus', () => {
  const event = {
    id: '6f1c1a52-4a8e-4a55-9a55-0c1a7b1c2d3e',
    occurredAt: new Date().toISOString(),
    version: 1,
    idempotencyKey: 'key-12345678',
    submission: {
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '9285550100',
      email: 'ann@example.com',
      interest: null,
      message: 'About lot 12',
      source: 'home',
      topic: null,
      page: null,
      sessionId: null,
    },
  };

  it('refuses a NUL in any text of the submission, which PostgreSQL could never store', () => {
    expect(v.safeParse(SubmissionReceivedSchema, event).success).toBe(true);
    for (const field of ['firstName', 'lastName', 'phone', 'email', 'message'] as const)
      expect(
        v.safeParse(SubmissionReceivedSchema, { ...event, submission: { ...event.submission, [field]: 'a\u0000b' } })
          .success,
        field,
      ).toBe(false);
    expect(v.safeParse(SubmissionReceivedSchema, { ...event, idempotencyKey: 'k\u0000' }).success).toBe(false);
  });
});
