import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The mock of our HTTP API for the component tests; a test swaps an answer with `server.use`. */
export const server = setupServer(...handlers);
