export { createGatewayApp, createGatewayHandler, GATEWAY_MIGRATIONS_DIR, gatewayService } from './app.ts';
export { GatewayConfigSchema, type GatewayConfig } from './config.ts';
export { startPlatform, type Platform, type PlatformOptions } from './platform.ts';
export { apiRouters } from './routes/index.ts';
export { isProtectedPath } from './middleware/sessions.ts';
export { upsertStaffUser } from './queries/upsert-staff-user.ts';
export { createLotCache } from './site/lots/lot-cache.ts';
export { createTrackingSecret, trackingKeySource } from './edge/tracking-secret.ts';
export { geoDatabasePathsOf, openGeoDatabase, type GeoLocator } from './geo/geo-database.ts';
