-- Runs once when the Postgres volume is created. Each service creates and migrates its own
-- schema (gateway, crm, mailer, analytics, content); nothing else to prepare here but the
-- extension the services may use for case-insensitive lookups.
CREATE EXTENSION IF NOT EXISTS pgcrypto;
