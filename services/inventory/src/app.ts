/**
 * inventory: owns the lots — status, tags, size, price, description, outline — and their audit
 * trail (schema `inventory`). Its declaration: the INVENTORY stream it publishes
 * `inventory.lot.changed` to, and the requests it answers (public list, staff list, change,
 * audit trail). It consumes nothing.
 */
import { fileURLToPath } from 'node:url';
import { STREAMS } from '@lp/contracts';
import type { ServiceDefinition } from '@lp/runtime';
import { serveLotRequests } from './rpc/serve-lot-requests.ts';

export const inventoryService: ServiceDefinition = {
  name: 'inventory',
  schema: 'inventory',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  streams: [STREAMS.inventory],
  consumers: [],
  rpcs: serveLotRequests,
};
