export { SystemPage } from './system-page';
export { SystemCard } from './system-card';
export { SetupChecklist, useSetupChecklistSettled } from './setup-checklist';
