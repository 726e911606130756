/** The system module's public face (decision 053): health, status and the first-run setup. */
export { healthRoutes } from './health-routes';
export { adminSystemRoutes } from './routes';
export { setupRoutes } from './setup-routes';
