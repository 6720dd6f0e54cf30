import { describe, expect, it } from 'vitest';
import { eventMeta, type SubmissionReceived } from '@lp/contracts';
import { alertRowsOf, leadValuesOf, lotsViewedOf, renderLeadAlert, renderLeadReply } from './render-lead-mail.ts';

const event: SubmissionReceived = {
  ...eventMeta('0b6d5c2e-6d0e-4f61-9a39-1f2f3b4c5d6e'),
  idempotencyKey: 'key-1',
  submission: {
    firstName: '<script>alert(1)</script>',
    lastName: 'Lake\r\nBcc: victim@example.com',
    phone: '9285550100',
    email: 'ada@example.com',
    interest: 'Financing Options',
    message: null,
    source: 'home',
    topic: null,
    page: null,
    sessionId: null,
    lotNumber: null,
    country: null,
    region: null,
    city: null,
  },
};

describe('the lead messages', () => {
  const values = leadValuesOf(event, null, 'https://lots.example/');

  it('fills the reply escaped in the HTML, leaves the lot empty without one and campaign-only tags empty', () => {
    const m = renderLeadReply(
      {
        subject: 'Hi {{firstName}} {{lastName}}',
        content: '<p>Hi {{firstName}}, lot [{{lotNumber}}] {{unsubscribeUrl}} {{nope}}</p>',
        previewText: 'About {{interest}}',
      },
      values,
      event.id,
    );
    expect(m.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;, lot []');
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('About Financing Options');
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(m.messageId).toBe(`<lead-reply.${event.id}@lakepowelllots.com>`);
    expect(m.headers['Auto-Submitted']).toBe('auto-replied');
    expect(m.headers['List-Unsubscribe']).toBeUndefined();
  });

  it('lists the lead in the alert, escaped, with the link to the contact and the visitor as Reply-To', () => {
    const facts = { event, interest: 'general' as const, values, contactId: 12, publicUrl: 'https://lots.example' };
    expect(alertRowsOf(facts).map(([k]) => k)).toEqual(['Name', 'Email', 'Phone', 'Interest', 'Form', 'Sent at']);
    const m = renderLeadAlert(facts, 'sales@example.com');
    expect(m.html).not.toContain('<script>');
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(m.headers['Reply-To']).toBe('ada@example.com');
    expect(m.text).toContain('Open the contact: https://lots.example/marketing/contacts?q=ada%40example.com');
    expect(m.text).toContain('Interest: General (Financing Options)');
  });
});

describe("the alert's visit history", () => {
  const values = leadValuesOf(event, null, 'https://lots.example/');
  const base = { event, interest: 'lot' as const, values, contactId: null, publicUrl: 'https://lots.example' };

  it('lists the first-touch source and campaign, the pages seen and the lots among them, escaped', () => {
    const m = renderLeadAlert(
      {
        ...base,
        visit: {
          status: 'found',
          attribution: {
            sessionId: 's1',
            firstTouch: {
              at: '2026-11-20T10:00:00.000Z',
              source: 'facebook',
              referrerHost: null,
              utmSource: 'facebook',
              utmMedium: 'cpc',
              utmCampaign: 'fall<sale>',
              landingPage: '/',
            },
            emailCampaign: null,
            visits: 2,
            pageviews: 4,
            pages: ['/', '/lots/7', '/lots/12?x=1', '/lots/7'],
          },
        },
      },
      'sales@example.com',
    );
    expect(m.text).toContain('First-touch source: facebook');
    expect(m.text).toContain('First-touch campaign: fall<sale>');
    expect(m.text).toContain('Pages seen: 4: /, /lots/7, /lots/12?x=1, /lots/7');
    expect(m.text).toContain('Lots viewed: Lot 7, Lot 12');
    expect(m.html).toContain('fall&lt;sale&gt;');
    expect(m.html).not.toContain('fall<sale>');
  });

  it('says when analytics did not answer, and the alert goes all the same', () => {
    const m = renderLeadAlert({ ...base, visit: { status: 'unavailable' } }, 'sales@example.com');
    expect(m.text).toContain('Visit history: Not available: analytics did not answer in time');
    expect(m.text).toContain('Name: ');
  });

  it('reads lot pages only', () => {
    expect(lotsViewedOf(['/lots', '/lots/0', '/lots/3/', '/lots/3#map', '/blog/lots/5', '/lots/44'])).toEqual([3, 44]);
  });
});

describe("the contact page's interest", () => {
  it('reads as the label the visitor chose', () => {
    const fromContactPage = {
      ...event,
      submission: { ...event.submission, source: 'contact-page' as const, interest: 'buying' },
    };
    expect(leadValuesOf(fromContactPage, null, 'https://lots.example').interest).toBe('Buying a property');
  });
});
