export * from './config.ts';
export * from './logger.ts';
export * from './errors.ts';
export * from './metrics.ts';
export * from './lifecycle.ts';
export * from './service.ts';
export * from './bus/types.ts';
export * from './bus/memory-bus.ts';
export * from './bus/memory-store.ts';
export * from './bus/nats-bus.ts';
export * from './bus/rpc.ts';
export * from './bus/consumer.ts';
export * from './db/database.ts';
export * from './http/health.ts';
export * from './start-services.ts';
export { runService } from './run-service.ts';

import { fileURLToPath } from 'node:url';
/** Migrations of the embedded bus's own tables (schema `bus`). */
export const BUS_MIGRATIONS_DIR = fileURLToPath(new URL('./db/migrations/bus', import.meta.url));
