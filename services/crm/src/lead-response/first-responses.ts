/**
 * Time to first staff response, where crm owns the leads: a lead's first response is the earlier
 * of the first call logged with its contact (crm's own, read with the submissions) and the first
 * message staff wrote to its address by hand (the mailer's, asked once for a whole page of
 * leads, never once per lead; a page of submissions is measured to fit one bus reply with 25%
 * to spare, room for the reply times added here). When the mailer does not answer the calls alone are used and
 * the gap is logged: the screen still shows the submissions.
 */
import { RPC, medianPerWeek, responseWeeksSince, type ResponseTimes, type SubmissionsPage } from '@lp/contracts';
import { callRpc, type Bus, type Knex, type Logger } from '@lp/runtime';
import { listLeadCallsSince } from '../queries/list-lead-calls-since.ts';

type Deps = { bus: Bus; knex: Knex; log: Logger };
const MAILER_TIMEOUT_MS = 5_000;
/** Leads per request to the mailer: 2,000 of the longest addresses still fit one bus message. */
const ASK_AT_ONCE = 2_000;

const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null || a <= b ? a : b);

/** The mailer's first hand-written message to each lead after it came (null where none, or unknown). */
async function firstReplies(deps: Deps, leads: { email: string; after: string }[]): Promise<(string | null)[]> {
  const out: (string | null)[] = [];
  try {
    for (let i = 0; i < leads.length; i += ASK_AT_ONCE) {
      const page = leads.slice(i, i + ASK_AT_ONCE);
      const { replies } = await callRpc(
        deps.bus,
        RPC.mailer.firstReplies,
        { leads: page },
        {
          log: deps.log,
          timeoutMs: MAILER_TIMEOUT_MS,
        },
      );
      out.push(...replies);
    }
    return out;
  } catch (err) {
    deps.log.warn({ err }, 'first responses without the mail staff sent: the mailer did not answer');
    return leads.map(() => null);
  }
}

/** A page of submissions with each one's first response (its first call already read by crm). */
export async function withFirstResponses(deps: Deps, page: SubmissionsPage): Promise<SubmissionsPage> {
  const replies = await firstReplies(
    deps,
    page.submissions.map((s) => ({ email: s.email, after: s.createdAt })),
  );
  return {
    ...page,
    submissions: page.submissions.map((s, i) => ({
      ...s,
      firstResponseAt: earlier(s.firstResponseAt ?? null, replies[i] ?? null),
    })),
  };
}

/** The median time to first response per week, the last weeks in the site's time zone. */
export async function readResponseTimes(deps: Deps, timeZone: string, now = new Date()): Promise<ResponseTimes> {
  const leads = await listLeadCallsSince(deps.knex, responseWeeksSince(now, timeZone));
  const replies = await firstReplies(
    deps,
    leads.map((l) => ({ email: l.email, after: l.at })),
  );
  const answered = leads.map((l, i) => ({ at: l.at, firstResponseAt: earlier(l.firstCallAt, replies[i] ?? null) }));
  return { timeZone, weeks: medianPerWeek(answered, now, timeZone) };
}
