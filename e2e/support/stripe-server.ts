/**
 * A server of a test's own that takes card payments from the Stripe double (decision 028): the
 * double started first, the app pointed at it, its webhooks sent back to the app. `stop` ends both.
 */
import { expect, type Page } from '@playwright/test';
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

/**
 * Waits for the double's Checkout page after a booking or a purchase: our server creates the
 * session at the double before it answers, then the browser loads a page of that other server. On
 * a loaded two-core machine this took longer than the 7 s an assertion waits by default.
 */
export async function expectOnTestCheckout(page: Page) {
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible({
    timeout: 20_000,
  });
}
