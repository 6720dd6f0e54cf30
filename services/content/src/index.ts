export { contentService, start } from './app.ts';
