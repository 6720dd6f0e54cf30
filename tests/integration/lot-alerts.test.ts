/**
 * Lot alerts end to end, on both backends: a visitor asks to watch a lot on the public API
 * (checked, unknown lots refused, a double post one request) → the confirmation mail in the
 * SMTP sink → its link turns the watch on → staff change the lot's price through the staff API
 * → exactly one alert with old → new and the lot's link; the same change event published again
 * (as a redelivery or replay) and a stale change (the same version) → still one. An unconfirmed
 * watcher and an address unsubscribed in crm get nothing; the alert's one-click stop link ends
 * the watch. Watchers per lot show in the lot interest the Lots table reads.
 */
import { expect, it } from 'vitest';
import { SUBJECTS, type Lot, type LotChanged, type LotInterest } from '@lp/contracts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';

const PUBLIC = 'https://lots.example';
const LOT = 12;
type Envelope = { error: { code: string; details?: { fields?: Record<string, string[]> } } };

describeOnEachBackend('lot alerts', (backend) => {
  let staff: string;
  const { stack, sink } = useStackAndSmtpSink({
    backend,
    env: { MAIL_PUBLIC_URL: PUBLIC },
    setup: async (s) => {
      staff = await s.login();
    },
  });

  const watch = (email: string, key = crypto.randomUUID(), lot = LOT) =>
    stack.api(`/api/lots/${lot}/watch`, { headers: { 'Idempotency-Key': key }, body: { email, website: '' } });
  const to = (address: string) => sink.messages.filter((m) => m.to === address);
  const settled = () => new Promise((r) => setTimeout(r, 1500));
  const linkIn = (text: string, kind: 'confirm' | 'stop') =>
    new RegExp(`${PUBLIC}(/lot-alerts/${kind}/[\\w.-]+)`).exec(text)?.[1];
  const confirmationOf = (address: string) =>
    eventually(async () => to(address)[0], 20_000, `the confirmation mail to ${address}`);
  const lotNow = async () => (await (await stack.api(`/api/marketing/lots/${LOT}`, { token: staff })).json()) as Lot;
  const changePrice = (version: number, price: number) =>
    stack.api(`/api/marketing/lots/${LOT}`, { token: staff, method: 'PATCH', body: { version, price } });

  it('checks the request: a valid address, a known lot', async () => {
    const bad = await watch('not-an-address');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Envelope).error.details?.fields).toMatchObject({
      email: ['Valid email is required'],
    });
    expect((await watch('ada@lakepowell.test', undefined, 9999)).status).toBe(404);
  });

  it('alerts a confirmed watcher once per change; nothing to the unconfirmed, the unsubscribed or a stopped watch', async () => {
    // Ada asks twice with one key (a double click) and confirms; Bo never confirms; Cy is
    // unsubscribed in crm but confirms.
    const key = crypto.randomUUID();
    expect((await watch('ada@lakepowell.test', key)).status).toBe(201);
    expect((await watch('ada@lakepowell.test', key)).status).toBe(201);
    expect((await watch('bo@lakepowell.test')).status).toBe(201);
    const cy = await stack.api('/api/marketing/contacts', {
      token: staff,
      body: { email: 'cy@lakepowell.test', status: 'unsubscribed' },
    });
    expect(cy.status).toBe(201);
    expect((await watch('cy@lakepowell.test')).status).toBe(201);

    for (const address of ['ada@lakepowell.test', 'cy@lakepowell.test']) {
      const mail = await confirmationOf(address);
      expect(mail.parsed.subject).toBe(`Confirm alerts for Lot ${LOT}`);
      const link = linkIn(String(mail.parsed.text), 'confirm')!;
      // The link (what a mail scanner follows too) asks; only its button turns the watch on.
      const page = await stack.api(link);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`Turn on alerts for lot ${LOT}?`);
      const on = await stack.api(link, { method: 'POST' });
      expect(on.status).toBe(200);
      expect(await on.text()).toContain(`Alerts for lot ${LOT} are on`);
      expect(await (await stack.api(link)).text()).toContain(`Alerts for lot ${LOT} are on`);
    }
    await confirmationOf('bo@lakepowell.test');
    expect(await stack.api('/lot-alerts/confirm/1.1.forged').then((r) => r.status)).toBe(404);

    const interest = (await (
      await stack.api('/api/marketing/lots/interest?range=7d', { token: staff })
    ).json()) as LotInterest;
    expect(interest.watchersUnavailable).toBe(false);
    expect(interest.lots.find((l) => l.number === LOT)?.watchers).toBe(2);

    const before = await lotNow();
    const changedAt = Date.now();
    expect((await changePrice(before.version, before.price - 1000)).status).toBe(200);
    const alert = await eventually(
      async () => to('ada@lakepowell.test').find((m) => m.parsed.subject !== `Confirm alerts for Lot ${LOT}`),
      20_000,
      'the alert',
    );
    expect(alert.at - changedAt).toBeLessThan(60_000);
    expect(alert.parsed.subject).toBe(`Lot ${LOT}: new price`);
    const usd = (n: number) => `$${n.toLocaleString('en-US')}`;
    expect(alert.parsed.text).toContain(`Price: ${usd(before.price)} → ${usd(before.price - 1000)}`);
    expect(alert.parsed.text).toContain(`${PUBLIC}/lots/${LOT}`);
    const headers = alert.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The same change again: a stale edit (the same version) is refused; the event published
    // again, as a redelivery or a replay would, mails no one twice.
    expect((await changePrice(before.version, before.price - 2000)).status).toBe(409);
    const after = await lotNow();
    const again: LotChanged = {
      id: crypto.randomUUID(),
      occurredAt: after.updatedAt,
      version: 1,
      lot: after,
      changes: { price: { from: before.price, to: after.price } },
      changedBy: 'admin',
    };
    await stack.platform.bus.publish(SUBJECTS.lotChanged, again, { msgId: again.id });
    await eventually(
      async () =>
        (stack.platform.counters.get('mailer_lot_watch_messages_total', { kind: 'alert', outcome: 'sent_before' }) ??
          0) > 0 || undefined,
      20_000,
      'the republished change handled',
    );
    await settled();
    expect(to('ada@lakepowell.test')).toHaveLength(2);
    expect(to('bo@lakepowell.test')).toHaveLength(1);
    expect(to('cy@lakepowell.test')).toHaveLength(1);

    // The alert's one-click stop link (RFC 8058) ends Ada's watch: the next change mails nobody.
    const stopPath = new RegExp(`List-Unsubscribe: <${PUBLIC}(/lot-alerts/stop/[^>]+)>`).exec(headers)![1]!;
    const shown = await stack.api(stopPath);
    expect(await shown.text()).toContain(`Stop alerts for lot ${LOT}?`);
    const stop = await stack.api(stopPath, { method: 'POST', body: {} });
    expect(stop.status).toBe(200);
    expect(await stop.text()).toContain(`Alerts for lot ${LOT} are off`);
    expect((await changePrice(after.version, after.price + 500)).status).toBe(200);
    await eventually(
      async () =>
        (stack.platform.counters.get('mailer_lot_watch_messages_total', { kind: 'alert', outcome: 'skipped' }) ?? 0) >
          1 || undefined,
      20_000,
      'the second change handled',
    );
    await settled();
    expect(to('ada@lakepowell.test')).toHaveLength(2);
    expect(to('cy@lakepowell.test')).toHaveLength(1);
  });
});
