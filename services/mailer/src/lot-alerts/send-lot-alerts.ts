/**
 * One lot change, as named steps: nothing a visitor sees changed (tags, size, description; a sold
 * lot's price) → no alert; else each watch that was confirmed when the change happened gets one
 * alert for that lot version, claimed in Postgres before SMTP (send-watch-mail.ts), so a
 * redelivered or re-published event never mails twice. An address crm holds as unsubscribed or
 * bounced gets nothing (recorded as skipped); crm not answering is retried, never guessed.
 */
import { RPC, type LotChanged } from '@lp/contracts';
import { callRpc, type Bus, type Knex, type Logger } from '@lp/runtime';
import { makeToken } from '@lp/runtime/mail/tracking-tokens';
import type { MailTransport } from '../weekly-report/send-weekly-report.ts';
import { activeWatchesOf, type WatchMailKey } from './lot-watches-store.ts';
import { alertLinesOf, renderLotAlert, stopUrlOf } from './render-lot-watch-mail.ts';
import { alreadyHandled, sendWatchMailOnce, skipWatchMail, type WatchMailStep } from './send-watch-mail.ts';

type Deps = { knex: Knex; bus: Bus; log: Logger; secret: string; publicUrl: string };
const RPC_TIMEOUT_MS = 5_000;
const MATCH_BATCH = 100;

/** The addresses among `emails` that crm holds as unsubscribed or bounced. */
async function suppressedAmong(deps: Deps, emails: string[]): Promise<Set<string>> {
  const opts = { log: deps.log, timeoutMs: RPC_TIMEOUT_MS };
  const suppressed = new Set<string>();
  for (let i = 0; i < emails.length; i += MATCH_BATCH) {
    const batch = emails.slice(i, i + MATCH_BATCH);
    const { matches } = await callRpc(deps.bus, RPC.crm.contactsMatchEmails, { emails: batch }, opts);
    for (const m of matches) {
      const contact = await callRpc(deps.bus, RPC.crm.contactGet, { id: m.contactId }, opts);
      if (contact.status === 'unsubscribed' || contact.status === 'bounced') suppressed.add(m.email.toLowerCase());
    }
  }
  return suppressed;
}

export type AlertOutcome = { watchers: number; steps: Partial<Record<WatchMailStep | 'no_visible_change', number>> };

export async function sendLotAlerts(
  deps: Deps,
  transport: MailTransport | null,
  event: LotChanged,
): Promise<AlertOutcome> {
  const { knex } = deps;
  const lines = alertLinesOf(event);
  if (lines.length === 0) return { watchers: 0, steps: { no_visible_change: 1 } };
  const watches = await activeWatchesOf(knex, event.lot.number, new Date(event.occurredAt));
  const steps: AlertOutcome['steps'] = {};
  const count = (s: WatchMailStep) => (steps[s] = (steps[s] ?? 0) + 1);
  const keyOf = (watchId: number): WatchMailKey => ({ watchId, kind: 'alert', ref: String(event.lot.version) });
  // Only the watches still to handle are asked about (a redelivery asks crm nothing).
  const open = [];
  for (const w of watches) {
    const before = await alreadyHandled(knex, keyOf(w.id));
    if (before) count(before);
    else open.push(w);
  }
  const suppressed = open.length ? await suppressedAmong(deps, [...new Set(open.map((w) => w.email))]) : new Set();
  for (const w of open) {
    const key = keyOf(w.id);
    if (suppressed.has(w.email)) {
      count(await skipWatchMail(knex, key, 'the address is unsubscribed or bounced in crm'));
      continue;
    }
    const stopUrl = stopUrlOf(deps.publicUrl, makeToken(deps.secret, 'watch-stop', w.id));
    count(
      await sendWatchMailOnce(knex, transport, key, () =>
        renderLotAlert({ watchId: w.id, email: w.email, event, lines, stopUrl, publicUrl: deps.publicUrl }),
      ),
    );
  }
  return { watchers: watches.length, steps };
}
