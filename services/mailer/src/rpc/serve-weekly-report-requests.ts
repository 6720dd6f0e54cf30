/**
 * The weekly report's requests (declared in contracts' `RPC.mailer.weeklyReport*`): its settings
 * with the latest report, storing new ones (the gateway checked who may and which accounts the
 * recipients are; a change looks at once whether a report is due), and the test send.
 */
import { RPC, type WeeklyReportSettings } from '@lp/contracts';
import { answerRpc, type Knex } from '@lp/runtime';
import { askForWeeklyReport, sendTestReport } from '../weekly-report/send-weekly-report.ts';
import { latestReport, readSettings, saveSettings } from '../weekly-report/weekly-report-store.ts';

async function settingsOf(knex: Knex, timeZone: string): Promise<WeeklyReportSettings> {
  const [s, lastReport] = await Promise.all([readSettings(knex), latestReport(knex)]);
  const { scheduleFrom: _scheduleFrom, ...shown } = s;
  return { ...shown, timeZone, lastReport };
}

export const serveWeeklyReportRequests = [
  answerRpc(RPC.mailer.weeklyReportGet, (_input, { knex, config }) => settingsOf(knex, config.SITE_TIME_ZONE)),
  answerRpc(RPC.mailer.weeklyReportSave, async (input, { knex, config }) => {
    await saveSettings(knex, input);
    askForWeeklyReport();
    return settingsOf(knex, config.SITE_TIME_ZONE);
  }),
  answerRpc(RPC.mailer.weeklyReportTest, ({ email }, deps) => sendTestReport(deps, email)),
];
