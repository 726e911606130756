export { SystemPage } from './system-page';
export { SystemCard } from './system-card';
export { SetupChecklist } from './setup-checklist';
