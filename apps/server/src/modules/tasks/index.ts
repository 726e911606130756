/** The tasks module's public face (decision 053): the owner's tasks and their reminders. */
export { adminTaskRoutes, taskRoutes } from './routes';
export { tasks } from './schema';
export { taskJobs } from './task-jobs';
export { listClientTasks } from './tasks-repository';
export { toTaskRecord } from './tasks-service';
