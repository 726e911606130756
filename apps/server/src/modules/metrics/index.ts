/** The metrics module's public face (decision 053): the owner's figures. */
export { adminMetricsRoutes } from './routes';
