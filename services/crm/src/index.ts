export { crmService } from './app.ts';
