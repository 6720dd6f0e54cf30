/**
 * Lots as data, on both backends: the staff API's authorisation and validation
 * (401 without a session, 400 with field errors, 404 for an unknown lot), a status change
 * reaching the public map's HTML on the next load (through the gateway that took it, and
 * through the lot-changed event when another client changed it, in every gateway replica), the
 * audit trail naming the
 * staff member, a lot page's Product/Offer JSON-LD and sitemap entry following its status,
 * and interest per lot (page views, map clicks, leads naming it) in the staff API, for the Lots
 * screen's ranges and the Analytics screen's (days).
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { RPC } from '@lp/contracts';
import { GatewayConfigSchema, startPlatform } from '@lp/gateway';
import { callRpc, createLogger, parseConfig } from '@lp/runtime';
import { describeOnEachBackend, eventually, sendLotLead, type Stack } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';

const html = async (stack: Stack, path: string) => {
  const res = await stack.api(path);
  return { status: res.status, body: await res.text() };
};
const jsonLdOf = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .find((d) => d['@type'] === 'Product') as { offers: Record<string, unknown>; name: string } | undefined;

describeOnEachBackend('lots', (backend) => {
  let token: string;
  const stack = useStack({ backend, setup: async (s) => (token = await s.login()) });

  const patch = (path: string, body: unknown, auth = true) =>
    stack.api(path, { method: 'PATCH', body, ...(auth ? { token } : {}) });

  it('refuses staff lot routes without a session and checks every change', async () => {
    expect((await stack.api('/api/marketing/lots')).status).toBe(401);
    expect((await patch('/api/marketing/lots/4', { status: 'sold' }, false)).status).toBe(401);
    expect(
      (await stack.api('/api/marketing/lots/4', { method: 'PATCH', body: { status: 'sold' }, token: 'forged' })).status,
    ).toBe(401);

    const bad = await patch('/api/marketing/lots/4', {
      version: 1,
      price: 0,
      status: 'gone',
      tags: ['pool'],
      number: 9,
    });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { error: { details: { fields: Record<string, string[]> } } }).error.details
      .fields;
    expect(fields.price).toEqual(['Price must be positive']);
    expect(fields.status).toEqual(['Status must be available, reserved or sold']);
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['tags.0', 'number']));
    expect((await patch('/api/marketing/lots/4', { version: 1 })).status).toBe(400);
    expect((await patch('/api/marketing/lots/4', { version: 1, price: '75000' })).status).toBe(400);
    expect((await patch('/api/marketing/lots/4', { version: 1, description: 'a\u0000b' })).status).toBe(400);

    expect((await patch('/api/marketing/lots/99', { version: 1, status: 'sold' })).status).toBe(404);
    expect((await patch('/api/marketing/lots/abc', { version: 1, status: 'sold' })).status).toBe(404);

    // Nothing was changed by the refused requests.
    const lots = (await (await stack.api('/api/marketing/lots', { token })).json()) as {
      number: number;
      price: number;
      status: string;
    }[];
    expect(lots).toHaveLength(30);
    expect(lots.find((l) => l.number === 4)).toMatchObject({ status: 'available', price: 75000 });
  });

  it('shows a lot sold in the dashboard as sold on the next load of the map, and audits who did it', async () => {
    const before = await html(stack, '/map');
    expect(before.body).toContain('aria-label="Lot 7, Premium Lake View, $75,000, 12,200 sq ft"');
    const available = Number(/(?<!\d)(\d+) of 30 lots available/.exec(before.body)?.[1]);

    const res = await patch('/api/marketing/lots/7', { version: 1, status: 'sold' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ number: 7, status: 'sold', updatedBy: stack.admin.username });

    for (const path of ['/map', '/embed']) {
      const after = await html(stack, path);
      expect(after.body).toContain('aria-label="Lot 7, Sold, 12,200 sq ft"');
      expect(after.body).toContain(`${available - 1} of 30 lots available`);
    }
    const home = await html(stack, '/');
    expect(home.body).toContain(`${available - 1} of 30 lots available`);
    // The public API hides a sold lot's price.
    const pub = (await (await stack.api('/api/lots')).json()) as { lots: { number: number; price: number | null }[] };
    expect(pub.lots.find((l) => l.number === 7)?.price).toBeNull();

    const trail = (await (await stack.api('/api/marketing/lots/7/changes', { token })).json()) as unknown[];
    expect(trail).toEqual([
      expect.objectContaining({
        lotNumber: 7,
        changedBy: stack.admin.username,
        changes: { status: { from: 'available', to: 'sold' } },
      }),
    ]);
  });

  it('drops the cached lots on the lot-changed event when the change came another way', async () => {
    expect((await html(stack, '/builder-package-1')).body).toMatch(/Lot 15<\/a><\/th><td[^>]*>Available/);
    await callRpc(
      stack.platform.bus,
      RPC.inventory.lotUpdate,
      { number: 15, patch: { version: 1, status: 'reserved' }, changedBy: 'another-office' },
      { log: createLogger('test', 'silent') },
    );
    await eventually(
      async () =>
        (await html(stack, '/builder-package-1')).body.match(/Lot 15<\/a><\/th><td[^>]*>Reserved/) ? true : undefined,
      10_000,
      'the builder page to show lot 15 reserved',
    );
  });

  it('drops the cached lots in every gateway replica on each change, well within the 30 s renewal', async () => {
    // Two more gateway processes on the same database and bus (real backends; one process embedded).
    const replicas =
      backend === 'real'
        ? await Promise.all(
            [1, 2].map(() =>
              startPlatform({
                config: parseConfig(GatewayConfigSchema, { ...stack.env, PORT: '0' }),
                log: createLogger('replica', 'silent'),
                services: [],
                webDist: stack.env.WEB_DIST!,
              }),
            ),
          )
        : [];
    try {
      const urls = [stack.baseUrl, ...replicas.map((r) => r.url)];
      const builder = async (url: string) => (await fetch(`${url}/builder-package-1`)).text();
      // Every replica has a copy with lot 16 available.
      for (const url of urls) expect(await builder(url)).toMatch(/Lot 16<\/a><\/th><td[^>]*>Available/);
      await callRpc(
        stack.platform.bus,
        RPC.inventory.lotUpdate,
        { number: 16, patch: { version: 1, status: 'reserved' }, changedBy: 'another-office' },
        { log: createLogger('test', 'silent') },
      );
      for (const url of urls)
        await eventually(
          async () => ((await builder(url)).match(/Lot 16<\/a><\/th><td[^>]*>Reserved/) ? true : undefined),
          5_000,
          `${url} to show lot 16 reserved`,
        );
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
    }
  });

  it("gives the interest per lot for the Analytics screen's ranges (days), 400 for any other", async () => {
    for (const days of [7, 30, 90, 365]) {
      const res = await stack.api(`/api/marketing/lots/interest?days=${days}`, { token });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { range: string; days: number; from: string; to: string };
      expect(body).toMatchObject({ range: `${days}d`, days });
      expect(Date.parse(body.to) - Date.parse(body.from)).toBe(days * 86_400_000);
    }
    for (const bad of ['days=14', 'days=', 'days=365d', 'days=7&days=30', 'days=7&range=7d', 'range=365d']) {
      const res = await stack.api(`/api/marketing/lots/interest?${bad}`, { token });
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBeTruthy();
    }
    expect((await stack.api('/api/marketing/lots/interest?days=30')).status).toBe(401);
  });

  it('gives each lot a crawlable page with Product/Offer data that follows its status', async () => {
    const page = await html(stack, '/lots/21');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<link rel="canonical" href="https://lakepowelllots.com/lots/21"');
    const product = jsonLdOf(page.body);
    expect(product?.name).toBe('Lot 21, Block C');
    expect(product?.offers).toMatchObject({
      price: 65000,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
    expect(page.body).toContain('Ask about this lot');
    expect((await html(stack, '/sitemap.xml')).body).toContain('<loc>https://lakepowelllots.com/lots/21</loc>');
    expect((await html(stack, '/sitemap')).body).toContain('href="/lots/21"');

    expect((await patch('/api/marketing/lots/21', { version: 1, status: 'sold' })).status).toBe(200);
    const sold = jsonLdOf((await html(stack, '/lots/21')).body);
    expect(sold?.offers.availability).toBe('https://schema.org/SoldOut');
    expect(sold?.offers).not.toHaveProperty('price');
    expect((await html(stack, '/sitemap.xml')).body).not.toContain('/lots/21<');
    expect((await html(stack, '/sitemap')).body).not.toContain('href="/lots/21"');

    const missing = await html(stack, '/lots/99');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Lot Not Found');
  });

  it('counts page views, map clicks and leads per lot for staff', async () => {
    const sid = randomUUID();
    const ua = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36' };
    expect(
      (await stack.api(`/api/analytics/pixel?p=/lots/5&sid=${sid}&dt=desktop&br=Chrome`, { headers: ua })).status,
    ).toBe(200);
    expect(
      (await stack.api(`/api/analytics/pixel?p=/lots/5&sid=${sid}&dt=desktop&br=Chrome`, { headers: ua })).status,
    ).toBe(200);
    expect(
      (await stack.api(`/api/analytics/event-pixel?n=lot_click&c=lot-map&lbl=5&p=/map&sid=${sid}`, { headers: ua }))
        .status,
    ).toBe(200);
    const lead = await sendLotLead(stack, 5);
    expect(lead.status).toBe(201);
    const interest = await eventually(
      async () => {
        const r = (await (await stack.api('/api/marketing/lots/interest?range=7d', { token })).json()) as {
          lots: { number: number; pageViews: number; mapClicks: number; leads: number }[];
        };
        const five = r.lots.find((l) => l.number === 5);
        return five && five.pageViews === 2 && five.mapClicks === 1 && five.leads === 1 ? five : undefined;
      },
      15_000,
      'interest in lot 5',
    );
    expect(interest).toEqual({ number: 5, pageViews: 2, mapClicks: 1, leads: 1, watchers: 0 });
    expect((await stack.api('/api/marketing/lots/interest?range=1y', { token })).status).toBe(400);
    const stored = (await (await stack.api('/api/marketing/submissions', { token })).json()) as {
      lotNumber: number | null;
    }[];
    expect(stored[0]?.lotNumber).toBe(5);
  });
});
