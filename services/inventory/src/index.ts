export { inventoryService } from './app.ts';
