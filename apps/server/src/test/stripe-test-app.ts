/**
 * The set-up of the API tests that pay by card: the Stripe double (decision 028) started first, an
 * app pointed at it, open every day in UTC with no notice, and the services given. `close` ends both.
 */
import type { BuildAppOptions } from '../app';
import { addService, openEveryDay } from '../modules/bookings/booking-test-setup';
import { StripeDouble } from './stripe-double';
import { createTestApp, type TestApp } from './test-app';

export interface StripeTestApp extends TestApp {
  stripe: StripeDouble;
}

export async function createStripeTestApp(options: {
  env?: Record<string, string>;
  services: Parameters<typeof addService>[1][];
  /** Replaces parts of the app's dependencies (a clock the test moves). */
  adjustDeps?: BuildAppOptions['adjustDeps'];
}): Promise<StripeTestApp> {
  const stripe = new StripeDouble();
  await stripe.start();
  let t: TestApp | undefined;
  try {
    t = await createTestApp({
      env: { ...options.env, ...stripe.env() },
      ...(options.adjustDeps ? { adjustDeps: options.adjustDeps } : {}),
    });
    await openEveryDay(t.app);
    for (const service of options.services) await addService(t.app, service);
  } catch (error) {
    await t?.close();
    await stripe.close();
    throw error;
  }
  const app = t;
  return {
    ...app,
    stripe,
    async close() {
      await app.close();
      await stripe.close();
    },
  };
}
