/**
 * A server of a test's own that takes card payments from the Stripe double (decision 028): the
 * double started first, the app pointed at it, its webhooks sent back to the app. `stop` ends both.
 */
import { StripeDouble } from '../../apps/server/src/test/stripe-double';
import { startOwnServer, type OwnServer } from './own-server';

export interface StripeServer extends OwnServer {
  stripe: StripeDouble;
}

export async function startStripeServer(env: Record<string, string> = {}): Promise<StripeServer> {
  const stripe = new StripeDouble();
  await stripe.start();
  let server: OwnServer;
  try {
    server = await startOwnServer({ ...stripe.env(), ...env });
  } catch (error) {
    await stripe.close();
    throw error;
  }
  stripe.webhookUrl = `${server.baseURL}/api/payments/stripe/webhook`;
  return {
    ...server,
    stripe,
    async stop() {
      await server.stop();
      await stripe.close();
    },
  };
}
