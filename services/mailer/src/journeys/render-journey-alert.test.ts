import { describe, expect, it } from 'vitest';
import { renderJourneyAlert, type JourneyAlertFacts } from './render-journey-alert.ts';

const facts: JourneyAlertFacts = {
  alertId: 42,
  journeyName: 'Lot 7 watchers',
  entry: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lake', lotNumber: 7 },
  lead: {
    contact: { id: 9, email: 'ada@example.com', firstName: 'Ada', lastName: '<Lake>', phone: '928 555 0100' },
    lastSubmission: {
      submittedAt: '2026-11-20T10:00:00.000Z',
      sessionId: 's1',
      source: 'lot-page',
      page: '/lots/7',
      lotNumber: 7,
      country: 'US',
      region: 'Arizona',
      city: 'Page',
    },
  },
  visit: {
    status: 'found',
    attribution: {
      sessionId: 's1',
      firstTouch: {
        at: '2026-11-19T10:00:00.000Z',
        source: 'google',
        referrerHost: 'google.com',
        utmSource: 'google',
        utmMedium: 'cpc',
        utmCampaign: 'fall-lots',
        landingPage: '/',
      },
      emailCampaign: null,
      visits: 2,
      pageviews: 3,
      pages: ['/', '/lots/7', '/lots/12'],
    },
  },
  publicUrl: 'https://lakepowelllots.com/',
};

describe('a journey’s staff alert', () => {
  it('carries the contact, its lot, its latest form’s location and its visit history, with a link to the contact', () => {
    const m = renderJourneyAlert(facts, 'ann@lakepowelllots.com');
    expect(m.subject).toBe('Journey alert (Lot 7 watchers): Ada <Lake>');
    expect(m.headers['Reply-To']).toBe('ada@example.com');
    expect(m.text).toContain('Phone: 928 555 0100');
    expect(m.text).toContain('Lot: Lot 7 (https://lakepowelllots.com/lots/7)');
    expect(m.text).toContain('Latest form: Lot page, 2026-11-20T10:00:00.000Z');
    expect(m.text).toContain('Location: Page, Arizona, US');
    expect(m.text).toContain('First-touch source: google');
    expect(m.text).toContain('First-touch campaign: fall-lots');
    expect(m.text).toContain('Lots viewed: Lot 7, Lot 12');
    expect(m.text).toContain('Open the contact: https://lakepowelllots.com/marketing/contacts?q=ada%40example.com');
    expect(m.html).toContain('Ada &lt;Lake&gt;');
    expect(m.html).not.toContain('<Lake>');
    expect(m.messageId).toMatch(/^<journey-alert\.42\.[0-9a-f]{12}@/);
    expect(renderJourneyAlert(facts, 'ben@lakepowelllots.com').messageId).not.toBe(m.messageId);
  });

  it('says when analytics did not answer, and goes with what the entry knows when crm has no contact', () => {
    const m = renderJourneyAlert(
      { ...facts, lead: { contact: null, lastSubmission: null }, visit: { status: 'unavailable' } },
      'ann@lakepowelllots.com',
    );
    expect(m.text).toContain('Name: Ada Lake');
    expect(m.text).toContain('Email: ada@example.com');
    expect(m.text).toContain('Latest form: None sent');
    expect(m.text).toContain('Visit history: Not available: analytics did not answer in time');
    expect(m.text).toContain('Find the contact in Contacts');
    expect(m.text).not.toContain('Phone');
  });
});
