/** The background services of the platform, in start order. */
import { analyticsService } from '@lp/analytics';
import { contentService } from '@lp/content';
import { crmService } from '@lp/crm';
import { inventoryService } from '@lp/inventory';
import { mailerService } from '@lp/mailer';
import type { ServiceDefinition } from '@lp/runtime';

export const ALL_SERVICES: ServiceDefinition[] = [
  crmService,
  mailerService,
  analyticsService,
  contentService,
  inventoryService,
];
