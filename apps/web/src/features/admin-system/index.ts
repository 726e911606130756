export { SystemPage } from './system-page';
export { useGetSystemStatusQuery } from './admin-system-api';
export { systemProblems } from './system-status-summary';
