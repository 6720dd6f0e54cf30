export { contentService } from './app.ts';
