export { MetricsPage } from './metrics-page';
