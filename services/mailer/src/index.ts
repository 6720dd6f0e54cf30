export { mailerService, start } from './app.ts';
