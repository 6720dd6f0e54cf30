/** Analytics for the dashboard: the Analytics screen, the home's website cards, a submission's first touch. */
export { AnalyticsPage } from './components/lazy-analytics-page';
export { WebAnalyticsHomeCards } from './components/web-analytics-home-cards';
export { SubmissionFirstTouch } from './components/submission-first-touch';
export { useWebAnalytics } from './api/get-web-analytics';
