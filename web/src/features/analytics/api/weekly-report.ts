/**
 * The weekly e-mail report (`/api/marketing-dashboard/weekly-report`): its settings with the
 * accounts to choose recipients from, saving them (owners), and a test copy sent now.
 */
import useSWR from 'swr';
import type { WeeklyReportForm, WeeklyReportSettings, WeeklyReportTestSent, WeeklyReportView } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const WEEKLY_REPORT_KEY = '/api/marketing-dashboard/weekly-report';

export const useWeeklyReport = () => useSWR<WeeklyReportView>(WEEKLY_REPORT_KEY);

export const saveWeeklyReport = (form: WeeklyReportForm) =>
  apiRequest<WeeklyReportSettings>('PUT', WEEKLY_REPORT_KEY, form);

export const sendWeeklyReportTest = (email: string) =>
  apiRequest<WeeklyReportTestSent>('POST', `${WEEKLY_REPORT_KEY}/test`, { email });
