export { SystemPage } from './system-page';
export { SystemCard } from './system-card';
