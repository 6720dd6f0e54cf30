export { mailerService } from './app.ts';
