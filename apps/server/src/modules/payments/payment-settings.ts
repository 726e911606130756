/**
 * The owner's payment settings (manual instructions, refund share, receipt details), one settings
 * document; missing keys take their defaults.
 */
import {
  activePaymentProvider,
  paymentSettingsSchema,
  type PaymentSettings,
  type PaymentSettingsInput,
  type PaymentSettingsView,
} from '@consult/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { findSetting, upsertSetting } from '../site/settings-repository';

export const PAYMENT_SETTINGS_KEY = 'payments';

const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = paymentSettingsSchema.parse({});

/** A stored document that no longer parses falls back to the defaults (logged), never a 500. */
export async function loadPaymentSettings(
  db: Db,
  log?: FastifyBaseLogger,
): Promise<PaymentSettings> {
  const stored = await findSetting(db, PAYMENT_SETTINGS_KEY);
  if (stored === undefined) return DEFAULT_PAYMENT_SETTINGS;
  const parsed = paymentSettingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  log?.warn({ issues: parsed.error.issues.slice(0, 5) }, 'payment settings invalid; defaults used');
  return DEFAULT_PAYMENT_SETTINGS;
}

export async function savePaymentSettings(
  db: Db,
  input: PaymentSettingsInput,
): Promise<PaymentSettings> {
  const value = paymentSettingsSchema.parse(input);
  await upsertSetting(db, PAYMENT_SETTINGS_KEY, value);
  return value;
}

export function paymentSettingsView(
  settings: PaymentSettings,
  stripeConfigured: boolean,
): PaymentSettingsView {
  return {
    settings,
    stripeConfigured,
    activeProvider: activePaymentProvider(stripeConfigured, settings),
  };
}
