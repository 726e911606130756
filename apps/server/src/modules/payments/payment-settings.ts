/**
 * The owner's payment settings (manual instructions, refund share, receipt details), one settings
 * document; missing keys take their defaults.
 */
import {
  PAYMENT_MESSAGES,
  activePaymentProvider,
  paymentSettingsSchema,
  type PaymentSettings,
  type PaymentSettingsInput,
  type PaymentSettingsView,
} from '@consult/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { Db, Tx } from '../../db/client';
import { HttpProblem } from '../../plugins/errors';
import { auditChange, insertAuditChange } from '../audit';
import { findSetting, upsertSetting } from '../../db/settings-repository';

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

/**
 * The owner's save: Stripe may be chosen only when the server has its keys (unless it already was,
 * the default); the change is audited in the save's transaction.
 */
export async function updatePaymentSettings(
  deps: Pick<AppDeps, 'db' | 'log'>,
  actorId: string,
  input: PaymentSettingsInput,
  stripeConfigured: boolean,
): Promise<PaymentSettings> {
  if (input.provider === 'stripe' && !stripeConfigured) {
    const before = await loadPaymentSettings(deps.db, deps.log);
    if (before.provider !== 'stripe') {
      throw new HttpProblem(400, PAYMENT_MESSAGES.stripeNotConfigured, {
        errors: { provider: [PAYMENT_MESSAGES.stripeNotConfigured] },
      });
    }
  }
  return deps.db.transaction(async (tx) => {
    const before = await loadPaymentSettings(tx, deps.log);
    const saved = await savePaymentSettings(tx, input);
    await insertAuditChange(tx, {
      actorId,
      action: 'payments.settings',
      target: 'payments',
      change: auditChange(before, saved),
    });
    return saved;
  });
}

/**
 * The first run's business name as the receipts' issuer, in the setup's transaction; a name the
 * owner already wrote is kept.
 */
export async function writeReceiptBusinessName(
  deps: Pick<AppDeps, 'log'>,
  tx: Tx,
  actorId: string,
  businessName: string,
): Promise<void> {
  const before = await loadPaymentSettings(tx, deps.log);
  if (before.businessName) return;
  const saved = await savePaymentSettings(tx, { ...before, businessName });
  await insertAuditChange(tx, {
    actorId,
    action: 'payments.settings',
    target: 'payments',
    change: auditChange(before, saved),
  });
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
