/** Analytics for the dashboard: the Analytics screen and a submission's first touch. */
export { AnalyticsPage } from './components/lazy-analytics-page';
export { SubmissionFirstTouch } from './components/submission-first-touch';
