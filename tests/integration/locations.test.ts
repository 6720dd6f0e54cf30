/**
 * Where visitors and leads are, end to end on both backends: the gateway reads the client
 * address (X-Forwarded-For from a trusted proxy) in the GeoIP database (MaxMind's GeoLite2 City
 * test database here: services/gateway/src/geo/fixtures), the page view and the form submission
 * carry the place but never the address, and staff see countries, regions and cities (each a
 * drill-down) and each lead's location.
 */
import { expect, it } from 'vitest';
import type { FormSubmission, GeoDatabaseInfo, WebAnalytics } from '@lp/contracts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';
import { CHROME_UA, SAMPLE_SUBMISSION } from '../support/samples.ts';

const MILTON_WA = '216.160.83.56';
const BOXFORD_GB = '2.125.160.216';
const LINKOPING_SE = '89.160.20.112';

describeOnEachBackend('visitor and lead locations', (backend) => {
  let token: string;
  const stack = useStack({ backend, env: { TRUST_PROXY: 'true' }, setup: async (s) => (token = await s.login()) });

  const pageView = async (ip: string, sid: string, p = '/') => {
    const res = await fetch(`${stack.baseUrl}/api/analytics/pixel?${new URLSearchParams({ p, sid })}`, {
      headers: { 'user-agent': CHROME_UA, 'x-forwarded-for': ip },
    });
    expect(res.headers.get('x-pixel-dropped')).toBeNull();
  };
  const webAnalytics = async (filters = '') =>
    (await (
      await stack.api(`/api/marketing-dashboard/web-analytics?days=7${filters}`, { token })
    ).json()) as WebAnalytics;

  it('places each visit by its address, tables and filters by country, region and city, and keeps no address', async () => {
    const milton = crypto.randomUUID();
    await pageView(MILTON_WA, milton, '/lots/7');
    await pageView(MILTON_WA, milton, '/contact');
    await pageView(BOXFORD_GB, crypto.randomUUID());
    // A private address (the office network) has no place.
    await pageView('10.0.0.7', crypto.randomUUID());

    const all = await eventually(
      async () => {
        const r = await webAnalytics();
        return r.totalVisits >= 3 ? r : undefined;
      },
      20_000,
      'three visits',
    );
    const table = (rows: WebAnalytics['top']['countries']) => rows.map((r) => [r.value, r.visits, r.pageviews]);
    expect(table(all.top.countries).sort()).toEqual([
      ['', 1, 1],
      ['GB', 1, 1],
      ['US', 1, 2],
    ]);
    expect(table(all.top.regions).sort()).toEqual([
      ['England, GB', 1, 1],
      ['Washington, US', 1, 2],
    ]);
    expect(table(all.top.cities).sort()).toEqual([
      ['Boxford, England, GB', 1, 1],
      ['Milton, Washington, US', 1, 2],
    ]);

    const washington = await webAnalytics('&region=Washington%2C+US');
    expect(washington).toMatchObject({ totalVisits: 1, pageviews: 2, filters: { region: 'Washington, US' } });
    expect(washington.top.pages.map((p) => p.value).sort()).toEqual(['/contact', '/lots/7']);

    // The raw hit holds the place, and nowhere the address.
    const rows: Record<string, unknown>[] = await stack.platform.db.knex
      .withSchema('analytics')
      .table('page_views')
      .where({ session_id: milton });
    expect(rows[0]).toMatchObject({ country: 'US', region: 'Washington', city: 'Milton' });
    expect(JSON.stringify(rows)).not.toContain(MILTON_WA);
  });

  it('gives each lead the place of the address it was sent from, and says which database places them', async () => {
    const email = `lead.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const sent = await stack.api('/api/contact', {
      body: { ...SAMPLE_SUBMISSION, email },
      headers: { 'Idempotency-Key': crypto.randomUUID(), 'x-forwarded-for': LINKOPING_SE },
    });
    expect(sent.status).toBe(201);
    const lead = await eventually(
      async () => {
        const res = await stack.api('/api/marketing/submissions', { token });
        return ((await res.json()) as FormSubmission[]).find((s) => s.email === email);
      },
      20_000,
      'the submission',
    );
    expect(lead).toMatchObject({ country: 'SE', region: 'Östergötland County', city: 'Linköping' });
    const stored = await stack.platform.db.knex.withSchema('crm').table('form_submissions').where({ email });
    expect(JSON.stringify(stored)).not.toContain(LINKOPING_SE);

    const geo = await stack.api('/api/marketing-dashboard/geo-database', { token });
    expect(geo.status).toBe(200);
    expect((await geo.json()) as GeoDatabaseInfo).toMatchObject({
      enabled: true,
      name: 'GeoLite2-City',
      attribution: null,
    });
    expect((await stack.api('/api/marketing-dashboard/geo-database')).status).toBe(401);
  });
});
