import { describe, expect, it } from 'vitest';
import { namespacer, subjectMatches } from './types.ts';

describe('subjectMatches', () => {
  it('matches literal, * and > patterns like NATS', () => {
    expect(subjectMatches('crm.>', 'crm.submission.received')).toBe(true);
    expect(subjectMatches('crm.>', 'crm')).toBe(false);
    expect(subjectMatches('crm.*.received', 'crm.submission.received')).toBe(true);
    expect(subjectMatches('crm.*', 'crm.submission.received')).toBe(false);
    expect(subjectMatches('mail.send.requested', 'mail.send.requested')).toBe(true);
    expect(subjectMatches('mail.send.requested', 'mail.send')).toBe(false);
  });
});

describe('namespacer', () => {
  it('prefixes subjects and names, and strips the prefix back', () => {
    const ns = namespacer('t1');
    expect(ns.subject('crm.x')).toBe('t1.crm.x');
    expect(ns.unsubject('t1.crm.x')).toBe('crm.x');
    expect(ns.name('CRM')).toBe('t1_CRM');
    expect(namespacer('').subject('crm.x')).toBe('crm.x');
    expect(['t1_CRM', 'OBJ_t1_LARGE_PAYLOADS', 't12_CRM', 'OBJ_t12_LARGE_PAYLOADS', 'CRM'].filter(ns.owns)).toEqual([
      't1_CRM',
      'OBJ_t1_LARGE_PAYLOADS',
    ]);
    expect(namespacer('').owns('CRM')).toBe(false);
  });
});
