export { analyticsService } from './app.ts';
