/**
 * A test double of Stripe's HTTP API, for the official SDK pointed at it through STRIPE_API_BASE:
 * Checkout Sessions (create, retrieve, expire), refunds with idempotency keys (which it can later
 * fail, as a bank may), a checkout page the browser tests pay on, and webhooks signed with the SDK's
 * own `generateTestHeaderString`. It answers like Stripe (form-encoded requests, JSON objects and
 * errors) and records every call.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { formatMoney } from '@consult/shared';
import { fromStripeAmount } from '../modules/payments/stripe-amounts';

export const DOUBLE_SECRET_KEY = 'sk_test_double_0123456789';
export const DOUBLE_WEBHOOK_SECRET = 'whsec_double_0123456789abcdef';

export interface DoubleSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  amount_total: number;
  currency: string;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
}

export interface DoubleCall {
  method: string;
  path: string;
  body: Record<string, string>;
  idempotencyKey: string | null;
}

interface Intent {
  id: string;
  amount: number;
  currency: string;
  refunded: number;
  metadata: Record<string, string>;
}

export interface DoubleRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: object };
}

const stripeForSigning = new Stripe(DOUBLE_SECRET_KEY);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  response.end(JSON.stringify(body));
}

function stripeError(response: ServerResponse, status: number, message: string, param?: string) {
  send(response, status, { error: { type: 'invalid_request_error', message, param } });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The `metadata[key]=value` fields of a form-encoded request, as one object. */
function metadataOf(body: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    const name = key.match(/^metadata\[(.+)\]$/)?.[1];
    if (name) metadata[name] = value;
  }
  return metadata;
}

export class StripeDouble {
  readonly sessions = new Map<string, DoubleSession>();
  readonly calls: DoubleCall[] = [];
  private readonly intents = new Map<string, Intent>();
  /** Refunds by id, as made through the API. */
  readonly refunds = new Map<string, DoubleRefund>();
  private readonly refundsByKey = new Map<string, DoubleRefund>();
  private server: Server | null = null;
  /** Where the double's checkout page delivers its webhooks (the browser tests' app). */
  webhookUrl: string | null = null;
  /** When set, every API call answers 500: Stripe unreachable. */
  failing = false;
  url = '';

  /** Listens on loopback, on `port` when given (the stress runs keep to their own ports). */
  async start(port = 0): Promise<string> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) =>
        stripeError(response, 500, String(error)),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    const { port: listening } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${listening}`;
    return this.url;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  /** The environment that points the app at this double. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: DOUBLE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: DOUBLE_WEBHOOK_SECRET,
      STRIPE_API_BASE: this.url,
    };
  }

  callsTo(method: string, pathPattern: RegExp): DoubleCall[] {
    return this.calls.filter((call) => call.method === method && pathPattern.test(call.path));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', this.url);
    const raw = await readBody(request);
    const body = Object.fromEntries(new URLSearchParams(raw));
    const page = url.pathname.match(/^\/pay\/(cs_[a-z0-9_]+)(\/(confirm))?$/);
    if (page) return this.checkoutPage(request.method ?? 'GET', page[1]!, page[3], response);

    if (request.headers.authorization !== `Bearer ${DOUBLE_SECRET_KEY}`) {
      return send(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    this.calls.push({ method: request.method ?? '', path: url.pathname, body, idempotencyKey });
    if (this.failing) return stripeError(response, 500, 'An error occurred with our connection');

    const session = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      return this.createSession(body, response);
    }
    if (session) {
      const found = this.sessions.get(session[1]!);
      if (!found)
        return stripeError(response, 404, `No such checkout.session: '${session[1]}'`, 'session');
      if (request.method === 'GET' && !session[2]) return send(response, 200, found);
      if (request.method === 'POST' && session[2]) {
        if (found.status !== 'open') {
          return stripeError(
            response,
            400,
            'Only Checkout Sessions with a status of open can be expired.',
          );
        }
        found.status = 'expired';
        found.url = null;
        return send(response, 200, found);
      }
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      return this.createRefund(body, idempotencyKey, response);
    }
    return stripeError(
      response,
      404,
      `Unrecognized request URL (${request.method}: ${url.pathname})`,
    );
  }

  private createSession(body: Record<string, string>, response: ServerResponse) {
    const expiresAt = Number(body.expires_at);
    const now = nowSeconds();
    if (
      !Number.isInteger(expiresAt) ||
      expiresAt < now + 30 * 60 - 5 ||
      expiresAt > now + 24 * 3600
    ) {
      return stripeError(
        response,
        400,
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
    if (body.mode !== 'payment') return stripeError(response, 400, 'Invalid mode', 'mode');
    // Every line (a series pays one line per session), as Stripe totals them.
    let total = 0;
    for (
      let line = 0;
      body[`line_items[${line}][price_data][unit_amount]`] !== undefined;
      line += 1
    ) {
      total +=
        Number(body[`line_items[${line}][price_data][unit_amount]`]) *
        Number(body[`line_items[${line}][quantity]`] ?? 1);
    }
    const metadata = metadataOf(body);
    const id = newId('cs_test');
    const session: DoubleSession = {
      id,
      object: 'checkout.session',
      mode: body.mode,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      client_reference_id: body.client_reference_id ?? null,
      metadata,
      customer_email: body.customer_email ?? null,
      amount_total: total,
      currency: body['line_items[0][price_data][currency]'] ?? '',
      expires_at: expiresAt,
      success_url: body.success_url ?? '',
      cancel_url: body.cancel_url ?? '',
      url: `${this.url}/pay/${id}`,
      created: now,
    };
    this.sessions.set(id, session);
    return send(response, 200, session);
  }

  private createRefund(
    body: Record<string, string>,
    idempotencyKey: string | null,
    response: ServerResponse,
  ) {
    if (idempotencyKey && this.refundsByKey.has(idempotencyKey)) {
      return send(response, 200, this.refundsByKey.get(idempotencyKey));
    }
    const intent = this.intents.get(body.payment_intent ?? '');
    if (!intent) {
      return stripeError(
        response,
        404,
        `No such payment_intent: '${body.payment_intent}'`,
        'payment_intent',
      );
    }
    const amount = body.amount ? Number(body.amount) : intent.amount - intent.refunded;
    if (amount > intent.amount - intent.refunded) {
      return stripeError(
        response,
        400,
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - intent.refunded})`,
        'amount',
      );
    }
    intent.refunded += amount;
    const metadata = metadataOf(body);
    const refund: DoubleRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'pending',
      failure_reason: null,
      metadata,
      created: nowSeconds(),
    };
    this.refunds.set(refund.id, refund);
    if (idempotencyKey) this.refundsByKey.set(idempotencyKey, refund);
    return send(response, 200, refund);
  }

  /**
   * The client pays the session (card accepted); the event Stripe would send next. `inFlight`
   * leaves the session open here, as it is for an instant at Stripe while the payment completes:
   * an expiry asked at that instant still succeeds (the races of the concurrency tests).
   */
  pay(sessionId: string, options: { inFlight?: boolean } = {}): StripeEvent {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
    const intent: Intent = {
      id: newId('pi'),
      amount: session.amount_total,
      currency: session.currency,
      refunded: 0,
      metadata: session.metadata,
    };
    this.intents.set(intent.id, intent);
    const paid = {
      ...session,
      status: 'complete' as const,
      payment_status: 'paid' as const,
      payment_intent: intent.id,
      url: null,
    };
    if (!options.inFlight) Object.assign(session, paid);
    return this.event('checkout.session.completed', paid);
  }

  /** Stripe expires the session on its own (its expires_at passed). */
  expire(sessionId: string): StripeEvent {
    const session = this.sessions.get(sessionId)!;
    Object.assign(session, { status: 'expired', url: null });
    return this.event('checkout.session.expired', { ...session });
  }

  /**
   * charge.refunded as Stripe sends it when a refund of the intent is made: `amount_refunded`
   * counts the refunds made and still on their way, not the failed or canceled ones.
   */
  chargeRefunded(intentId: string, amountRefunded?: number): StripeEvent {
    const intent = this.intents.get(intentId)!;
    return this.event('charge.refunded', {
      id: newId('ch'),
      object: 'charge',
      payment_intent: intent.id,
      amount: intent.amount,
      amount_refunded: amountRefunded ?? intent.refunded,
      refunded: (amountRefunded ?? intent.refunded) >= intent.amount,
      metadata: intent.metadata,
    });
  }

  /**
   * A refund fails later at Stripe (the card was closed, the bank sent it back), pending or
   * already counted by a charge.refunded sent before: its amount is refundable again on the intent
   * and no longer in the charge's `amount_refunded` (so a later `chargeRefunded` leaves it out, as
   * Stripe does), and the event Stripe sends about it. Stripe sends refund.failed, refund.updated
   * and charge.refund.updated for one failure; `type` picks one. A refund already failed stays so.
   */
  failRefund(
    refundId: string,
    options: {
      type?: 'refund.failed' | 'refund.updated' | 'charge.refund.updated';
      status?: 'failed' | 'canceled';
      reason?: string | null;
    } = {},
  ): StripeEvent {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    if (refund.status === 'pending' || refund.status === 'succeeded') {
      this.intents.get(refund.payment_intent)!.refunded -= refund.amount;
    }
    const status = options.status ?? 'failed';
    const reason = options.reason === undefined ? 'expired_or_canceled_card' : options.reason;
    Object.assign(refund, { status, failure_reason: status === 'failed' ? reason : null });
    return this.event(options.type ?? 'refund.failed', { ...refund });
  }

  event(type: string, object: object): StripeEvent {
    return { id: newId('evt'), object: 'event', type, created: nowSeconds(), data: { object } };
  }

  /** The Stripe-Signature header of `payload`, signed as Stripe signs (the SDK's own helper). */
  static sign(payload: string, secret = DOUBLE_WEBHOOK_SECRET, timestamp = nowSeconds()): string {
    return stripeForSigning.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  }

  /** Delivers `event` to `webhookUrl` over HTTP, as Stripe does. */
  async deliver(event: StripeEvent, url = this.webhookUrl): Promise<number> {
    if (!url) throw new Error('no webhook URL');
    const payload = JSON.stringify(event);
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': StripeDouble.sign(payload),
      },
      body: payload,
    });
    return res.status;
  }

  private async checkoutPage(
    method: string,
    sessionId: string,
    action: string | undefined,
    response: ServerResponse,
  ) {
    const session = this.sessions.get(sessionId);
    if (!session) return stripeError(response, 404, 'No such checkout session');
    if (method === 'POST' && action === 'confirm') {
      if (session.status !== 'open') {
        response.writeHead(303, { location: session.cancel_url });
        return response.end();
      }
      await this.deliver(this.pay(sessionId));
      response.writeHead(303, { location: session.success_url });
      return response.end();
    }
    // Shown as Stripe's page would: its amount is in Stripe's unit (decision 042).
    const currency = session.currency.toUpperCase();
    const amount = formatMoney(fromStripeAmount(session.amount_total, currency), currency);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test checkout</title></head>
<body><main><h1>Test checkout</h1><p>Pay <strong>${escapeHtml(amount)}</strong> to the consultant (${escapeHtml(session.status)}).</p>
<form method="post" action="/pay/${session.id}/confirm"><button type="submit">Pay ${escapeHtml(amount)}</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Back without paying</a></p></main></body></html>`);
  }
}
