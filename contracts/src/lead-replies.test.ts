import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { leadInterestOf, LeadReplySettingsFormSchema } from './lead-replies.ts';

describe('the interest a lead counts as', () => {
  const base = { interest: null, source: 'home' as const, lotNumber: null };
  it('is a lot when the form names one, whatever was picked', () => {
    expect(leadInterestOf({ ...base, lotNumber: 7, interest: 'Builder Package' })).toBe('lot');
    expect(leadInterestOf({ ...base, source: 'lot-page' })).toBe('lot');
  });
  it('reads both forms’ interest options, in any case', () => {
    expect(leadInterestOf({ ...base, interest: 'Available Lots' })).toBe('lot');
    expect(leadInterestOf({ ...base, interest: 'buying' })).toBe('home');
    expect(leadInterestOf({ ...base, interest: 'builder package' })).toBe('builder_package');
    expect(leadInterestOf({ ...base, interest: 'Short Term Rental Investment' })).toBe('investment');
    expect(leadInterestOf({ ...base, interest: 'investment' })).toBe('investment');
    expect(leadInterestOf({ ...base, interest: 'Financing Options' })).toBe('general');
  });
  it('falls back on the page the form was on, then general', () => {
    expect(leadInterestOf({ ...base, source: 'builder-package-1' })).toBe('builder_package');
    expect(leadInterestOf({ ...base, source: 'investment', interest: 'Other' })).toBe('investment');
    expect(leadInterestOf(base)).toBe('general');
  });
});

describe('the lead-reply settings form', () => {
  const off = { enabled: false, templateId: null };
  const form = (over: object = {}) => ({
    replies: { lot: off, home: off, builder_package: off, investment: off, general: off },
    alert: { enabled: false, mode: 'all', recipients: [] },
    ...over,
  });
  it('accepts everything off', () => expect(v.safeParse(LeadReplySettingsFormSchema, form()).success).toBe(true));
  it('names the field of a reply turned on without a template, and an alert without recipients', () => {
    const r = v.safeParse(
      LeadReplySettingsFormSchema,
      form({
        replies: { ...form().replies, home: { enabled: true, templateId: null } },
        alert: { enabled: true, mode: 'round_robin', recipients: [] },
      }),
    );
    expect(r.success).toBe(false);
    const nested = v.flatten(r.issues!).nested;
    expect(nested?.['replies.home.templateId']).toEqual(['Choose a template to turn the reply on']);
    expect(nested?.['alert.recipients']).toEqual(['Choose at least one recipient to turn the alert on']);
  });
});

describe('the lead merge tags in templates', () => {
  it('are allowed in a template (an instant reply fills them) but not in a broadcast', async () => {
    const { TemplateInputSchema, SingleSendSchema } = await import('./email.ts');
    const content = '<p>Lot {{lotNumber}} ({{lotSize}}) at {{lotUrl}}, {{firstName}}</p>';
    expect(v.safeParse(TemplateInputSchema, { name: 'Reply', subject: 'Lot {{lotNumber}}', content }).success).toBe(
      true,
    );
    const bad = v.safeParse(TemplateInputSchema, { name: 'Reply', subject: 'Hi', content: '<p>{{nickname}}</p>' });
    expect(JSON.stringify(bad.issues?.[0]?.message)).toContain('Unknown merge tag: {{nickname}}');
    const send = v.safeParse(SingleSendSchema, {
      subject: 'Hi',
      fromName: 'Lots',
      fromEmail: 'info@lakepowelllots.com',
      content,
      recipients: ['a@example.com'],
    });
    expect(send.success).toBe(false);
    expect(JSON.stringify(send.issues)).toContain('{{lotNumber}}');
  });
});
