/** The dashboard's Staff accounts (owners) and Audit log screens, for the dashboard shell to mount. */
export { AuditLogPage } from './components/audit-log-page';
export { StaffAccountsPage } from './components/staff-accounts-page';
