/**
 * The audit module's public face (decision 053): the owner's audit log: writing entries and its
 * admin routes.
 */
export { auditChange, isEmptyChange } from './audit-diff';
export { redactAuditDetails } from './audit-redact';
export { insertAuditChange, insertAuditEntry, redactAuditEntries } from './audit-repository';
export { adminAuditRoutes } from './routes';
export { auditLog } from './schema';
