/**
 * The people module's public face (decision 053): the owner's user admin, client records, and a
 * person's export and erasure.
 */
export { accountPrivacy } from './privacy-service';
export { adminUserRoutes } from './routes';
