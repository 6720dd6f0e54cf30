export { crmService, start } from './app.ts';
