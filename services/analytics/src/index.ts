export { analyticsService, start } from './app.ts';
