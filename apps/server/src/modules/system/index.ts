/** The system module's public face (decision 053): health, status, the first-run setup, backups. */
export { healthRoutes } from './health-routes';
export { adminSystemRoutes } from './routes';
export { setupRoutes } from './setup-routes';
export {
  backupJobs,
  backupSettings,
  runDailyBackupIfDue,
  takeManualBackup,
  type BackupSettings,
} from './backup-service';
export { backupRuns } from './schema';
