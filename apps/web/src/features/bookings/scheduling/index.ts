export { SchedulingConfig } from './scheduling-config';
