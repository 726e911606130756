/** The messages module's public face (decision 053): the owner's messages to clients. */
export { adminMessageRoutes } from './routes';
