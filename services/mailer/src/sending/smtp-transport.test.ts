import { describe, expect, it } from 'vitest';
import { classifySmtpError } from './smtp-transport.ts';

const smtpError = (props: Record<string, unknown>) => Object.assign(new Error(String(props.message ?? 'x')), props);

describe('what an SMTP failure means for the recipient', () => {
  it('is an outage, not the recipient, when the relay is not there for anyone', () => {
    for (const err of [
      smtpError({
        message: 'connect ECONNREFUSED 127.0.0.1:2525',
        code: 'ECONNECTION',
        originalCode: 'ECONNREFUSED',
        command: 'CONN',
      }),
      smtpError({ message: 'Greeting never received', code: 'ETIMEDOUT', command: 'GREETING' }),
      smtpError({ response: '421 Service not available', responseCode: 421, command: 'RCPT TO', code: 'EENVELOPE' }),
      smtpError({ response: '554 No SMTP service here', responseCode: 554, command: 'CONN', code: 'EPROTOCOL' }),
    ])
      expect(classifySmtpError(err), err.message).toMatchObject({ kind: 'outage', unconfirmed: false });
  });

  it('never resends on its own a message whose connection ended without a reply: the relay may have taken it', () => {
    for (const err of [
      smtpError({ message: 'Connection closed unexpectedly', code: 'ECONNECTION', command: 'CONN' }),
      smtpError({ message: 'read ECONNRESET', code: 'ESOCKET', originalCode: 'ECONNRESET', command: 'CONN' }),
      smtpError({ message: 'Timeout', code: 'ETIMEDOUT', command: 'CONN' }),
    ])
      expect(classifySmtpError(err), err.message).toMatchObject({ kind: 'outage', unconfirmed: true });
  });

  it('fails a recipient the relay refuses and retries one it asks to try later', () => {
    const refused = smtpError({
      response: '550 No such mailbox here',
      responseCode: 550,
      command: 'RCPT TO',
      code: 'EENVELOPE',
    });
    expect(classifySmtpError(refused)).toEqual({ kind: 'failed', reason: '550 No such mailbox here' });
    const data = smtpError({ response: '552 Message too big', responseCode: 552, command: 'DATA', code: 'EMESSAGE' });
    expect(classifySmtpError(data).kind).toBe('failed');
    const later = smtpError({
      response: '451 Try again later',
      responseCode: 451,
      command: 'RCPT TO',
      code: 'EENVELOPE',
    });
    expect(classifySmtpError(later).kind).toBe('retry');
  });
});
