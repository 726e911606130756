export { MyTasksPage } from './my-tasks-page';
export { AdminTasksPage } from './admin-tasks-page';
export { TasksSection } from './tasks-section';
