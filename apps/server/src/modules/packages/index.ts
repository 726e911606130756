/**
 * The packages module's public face (decision 053): packages of sessions, their purchases and the
 * credits they give (issue 24).
 */
export { adminPackageRoutes, packageRoutes } from './routes';
export { packageCreditEntries, packagePurchases, packages } from './schema';
