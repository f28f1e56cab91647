import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripeWebhooks, type WebhookDelivery, type WebhookOptions } from './stripe-webhooks.js';

/*
 * A local stand-in for Stripe's API (api.stripe.com), for browser specs on the Stripe path: what the
 * product's gateway calls with the secret key (payment intents, customers, the price lookup, subscriptions
 * with their first invoice's confirmation secret, refunds) and what Stripe.js calls with the publishable key
 * (a payment intent's confirmation with a test card), in Stripe's wire format (form bodies, JSON answers,
 * Stripe's error shapes). When a payment is confirmed or refused, or a refund made, it sends the product the
 * events Stripe would, signed with the endpoint's secret, to its webhook endpoint. What reconciliation reads
 * is there too: charges, refunds and balance transactions, listed as Stripe lists them (newest first, by
 * `created`, in pages). The backend's integration specs run it as well (backend/test).
 */

type Obj = Record<string, unknown>;
type Form = Record<string, string>;

export interface StripeApiStubOptions extends WebhookOptions {
  secretKey: string;
  publishableKey: string;
}

const PREMIUM_PRICE = { id: 'price_stub_premium', lookupKey: 'linkbio_premium_monthly', amount: 999 };

/** Stripe's decline test cards the stub knows (https://docs.stripe.com/testing#declined-payments). */
const DECLINES: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

const now = () => Math.floor(Date.now() / 1000);
const without = (object: Obj, ...keys: string[]): Obj => Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));
const token = () => randomBytes(12).toString('hex');
const oneMonthAfter = (seconds: number) => {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
};

class StripeError {
  constructor(
    readonly status: number,
    readonly error: Obj,
  ) {}
}
const missing = (kind: string, id: string) =>
  new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` });
const badRequest = (message: string, code?: string) =>
  new StripeError(400, { type: 'invalid_request_error', ...(code ? { code } : {}), message });

/** Form fields under `prefix[…]` as an object (metadata[bookingId] → { bookingId }). */
function nested(form: Form, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = new RegExp(`^${prefix}\\[([^\\]]+)\\]$`).exec(key);
    if (match) out[match[1]!] = value;
  }
  return out;
}

export class StripeApiStub {
  private server: Server | null = null;
  private readonly intents = new Map<string, Obj>();
  private readonly customers = new Map<string, Obj>();
  private readonly subscriptions = new Map<string, Obj>();
  private readonly invoices = new Map<string, Obj>();
  private readonly charges = new Map<string, Obj>();
  private readonly refunds = new Map<string, Obj>();
  /** Balance transactions in the order made (lists answer newest first). */
  private readonly balance: Obj[] = [];
  /** Whether refunds' webhooks are lost (never sent), as when the product's endpoint never got them. */
  private refundWebhooksLost = false;
  /** The events lost so far (type and object id), while refundWebhooksLost was set. */
  readonly lostWebhooks: Array<{ type: string; objectId: string }> = [];
  /** Premium's card (issue 24): the payment methods cards became, and SetupIntents. */
  private readonly paymentMethods = new Map<string, Obj>();
  private readonly setupIntents = new Map<string, Obj>();
  /** Idempotency-Key → the first answer, replayed as Stripe does. */
  private readonly replies = new Map<string, [number, unknown]>();
  private readonly webhooks: StripeWebhooks;
  private counter = 0;
  url = '';

  constructor(private readonly options: StripeApiStubOptions) {
    this.webhooks = new StripeWebhooks(options);
  }

  /** The events sent to the product so far, with its answers. */
  get deliveries(): readonly WebhookDelivery[] {
    return this.webhooks.deliveries;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await this.webhooks.settled();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  intent(id: string): Obj | undefined {
    return this.intents.get(id);
  }

  /** Waits until every event sent so far has been answered. */
  settled(): Promise<void> {
    return this.webhooks.settled();
  }

  /** Sends an event again, as Stripe does when it is not sure it arrived (deliveries are at least once). */
  redeliver(eventId: string): Promise<number> {
    return this.webhooks.redeliver(eventId);
  }

  private id(prefix: string) {
    this.counter += 1;
    return `${prefix}_stub${this.counter}${token().slice(0, 8)}`;
  }

  private async serve(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const chunk of req) body += (chunk as Buffer).toString();
    const [path = '', query = ''] = (req.url ?? '').split('?');
    const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' || req.method === 'DELETE' ? query : body)) as Form;
    let status = 200;
    let answer: unknown;
    const key = req.headers['idempotency-key'];
    const remembered = typeof key === 'string' ? this.replies.get(`${req.method} ${path} ${key}`) : undefined;
    if (remembered) [status, answer] = remembered;
    else {
      try {
        answer = this.route(req.method ?? 'GET', path, form, req.headers.authorization);
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        status = error.status;
        answer = { error: error.error };
      }
      if (typeof key === 'string') this.replies.set(`${req.method} ${path} ${key}`, [status, answer]);
    }
    res
      .writeHead(status, {
        'Content-Type': 'application/json',
        'Request-Id': `req_${token()}`,
        // Stripe.js calls the API from the page, cross-origin.
        'Access-Control-Allow-Origin': '*',
      })
      .end(JSON.stringify(answer));
  }

  private route(method: string, path: string, form: Form, authorization: string | undefined): unknown {
    const premium = this.premiumCardRoute(method, path, form, authorization);
    if (premium !== undefined) return premium;
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && confirm) {
      // Stripe.js: the publishable key in the body, and the intent's client secret.
      if (form.key !== this.options.publishableKey) throw new StripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
      return this.confirm(confirm[1]!, form);
    }
    if (authorization !== `Bearer ${this.options.secretKey}`) {
      throw new StripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    }
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(form);
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intent) return this.found(this.intents, 'payment_intent', intent[1]!);
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(form);
    if (method === 'GET' && path === '/v1/prices') return this.prices(form);
    if (method === 'POST' && path === '/v1/subscriptions') return this.createSubscription(form);
    // Refunds, charges and the balance (refunds by the product, reconciliation): one block.
    const money = this.routeMoney(method, path, form);
    if (money !== undefined) return money;
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscription) {
      const found = this.found(this.subscriptions, 'subscription', subscription[1]!);
      if (method === 'GET') return this.expanded(found, form);
      if (method === 'POST') return this.updateSubscription(found, form);
      if (method === 'DELETE') return this.cancelSubscription(found);
    }
    throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
  }

  private found(map: Map<string, Obj>, kind: string, id: string): Obj {
    const object = map.get(id);
    if (!object) throw missing(kind, id);
    return object;
  }

  private newIntent(amount: number, currency: string, fields: Obj): Obj {
    const id = this.id('pi');
    const intent: Obj = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${token()}`,
      automatic_payment_methods: null,
      metadata: {},
      payment_method: null,
      last_payment_error: null,
      latest_charge: null,
      created: now(),
      livemode: false,
      ...fields,
    };
    this.intents.set(id, intent);
    return intent;
  }

  private createIntent(form: Form): Obj {
    const amount = Number(form.amount);
    if (!Number.isSafeInteger(amount) || amount < 50) throw badRequest('Amount must be at least $0.50 usd', 'amount_too_small');
    if (!form.currency) throw badRequest('Missing required param: currency.', 'parameter_missing');
    return this.newIntent(amount, form.currency, {
      description: form.description ?? null,
      receipt_email: form.receipt_email ?? null,
      metadata: nested(form, 'metadata'),
      automatic_payment_methods: form['automatic_payment_methods[enabled]'] === 'true' ? { enabled: true, allow_redirects: 'always' } : null,
    });
  }

  private createCustomer(form: Form): Obj {
    const customer = { id: this.id('cus'), object: 'customer', email: form.email ?? null, name: form.name ?? null, metadata: nested(form, 'metadata'), created: now(), livemode: false };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private prices(form: Form): Obj {
    const keys = Object.values(nested(form, 'lookup_keys'));
    const price = { id: PREMIUM_PRICE.id, object: 'price', active: true, currency: 'usd', unit_amount: PREMIUM_PRICE.amount, lookup_key: PREMIUM_PRICE.lookupKey, recurring: { interval: 'month', interval_count: 1 } };
    return { object: 'list', url: '/v1/prices', has_more: false, data: keys.includes(PREMIUM_PRICE.lookupKey) ? [price] : [] };
  }

  /** `payment_behavior: default_incomplete`: incomplete, its first invoice open with a payment intent to confirm. */
  private createSubscription(form: Form): Obj {
    const customer = form.customer ?? '';
    if (!this.customers.has(customer)) throw missing('customer', customer);
    if (form['items[0][price]'] !== PREMIUM_PRICE.id) throw missing('price', form['items[0][price]'] ?? '');
    if (form.payment_behavior !== 'default_incomplete') throw badRequest('This stub only creates default_incomplete subscriptions.');
    const start = now();
    const end = oneMonthAfter(start);
    const id = this.id('sub');
    const metadata = nested(form, 'metadata');
    const invoiceId = this.id('in');
    const intent = this.newIntent(PREMIUM_PRICE.amount, 'usd', { customer, description: 'Subscription creation' });
    this.invoices.set(invoiceId, {
      id: invoiceId,
      object: 'invoice',
      customer,
      status: 'open',
      amount_due: PREMIUM_PRICE.amount,
      amount_paid: 0,
      currency: 'usd',
      billing_reason: 'subscription_create',
      parent: { type: 'subscription_details', subscription_details: { subscription: id, metadata } },
      lines: { object: 'list', data: [{ id: this.id('il'), amount: PREMIUM_PRICE.amount, period: { start, end } }] },
      confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
      payment_intent_id: intent.id,
      created: start,
    });
    const subscription: Obj = {
      id,
      object: 'subscription',
      customer,
      status: 'incomplete',
      cancel_at_period_end: false,
      canceled_at: null,
      metadata,
      items: { object: 'list', data: [{ id: this.id('si'), price: { id: PREMIUM_PRICE.id }, current_period_start: start, current_period_end: end }] },
      latest_invoice: invoiceId,
      created: start,
      livemode: false,
    };
    this.subscriptions.set(id, subscription);
    this.webhooks.send('customer.subscription.created', subscription);
    return this.expanded(subscription, form);
  }

  /** The subscription as answered: latest_invoice expanded (with its confirmation secret) when asked. */
  private expanded(subscription: Obj, form: Form): Obj {
    const expand = Object.values(nested(form, 'expand'));
    if (!expand.some((path) => path.startsWith('latest_invoice'))) return subscription;
    const invoice = without(this.invoices.get(subscription.latest_invoice as string)!, 'payment_intent_id');
    const shown = expand.includes('latest_invoice.confirmation_secret') ? invoice : without(invoice, 'confirmation_secret');
    return { ...subscription, latest_invoice: shown };
  }

  private updateSubscription(subscription: Obj, form: Form): Obj {
    if (form.cancel_at_period_end === undefined) throw badRequest('This stub only updates cancel_at_period_end.');
    const previous = { cancel_at_period_end: subscription.cancel_at_period_end };
    subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
    this.webhooks.send('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  private cancelSubscription(subscription: Obj): Obj {
    if (subscription.status === 'canceled') throw badRequest(`No such subscription: '${String(subscription.id)}'`, 'resource_missing');
    subscription.status = 'canceled';
    subscription.canceled_at = now();
    this.webhooks.send('customer.subscription.deleted', subscription);
    return subscription;
  }

  /** A payment intent confirmed with a test card, as Stripe.js does it (the card's fields in the body). */
  private confirm(id: string, form: Form): Obj {
    const intent = this.found(this.intents, 'payment_intent', id);
    if (form.client_secret !== intent.client_secret) throw badRequest('The client_secret provided does not match the client_secret associated with the PaymentIntent.');
    if (intent.status === 'succeeded') {
      throw badRequest('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.', 'payment_intent_unexpected_state');
    }
    const number = form['payment_method_data[card][number]'] ?? '';
    if (form['payment_method_data[type]'] !== 'card' || !/^\d{13,19}$/.test(number)) {
      throw new StripeError(402, { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' });
    }
    const paymentMethod = { id: this.id('pm'), object: 'payment_method', type: 'card', card: { brand: 'visa', last4: number.slice(-4) } };
    this.paymentMethods.set(paymentMethod.id, paymentMethod);
    const decline = DECLINES[number];
    if (decline) {
      const error = { type: 'card_error', code: decline.code, decline_code: decline.code === 'card_declined' ? 'generic_decline' : decline.code, message: decline.message, payment_method: paymentMethod };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error, payment_method: null });
      this.webhooks.send('payment_intent.payment_failed', intent);
      throw new StripeError(402, { ...error, payment_intent: this.publicIntent(intent) });
    }
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, last_payment_error: null, payment_method: paymentMethod.id, latest_charge: this.id('ch') });
    this.recordCharge(intent);
    this.webhooks.send('payment_intent.succeeded', intent);
    this.payInvoiceOf(intent);
    return this.publicIntent(intent);
  }

  /** A subscription's first invoice paid by its intent: the invoice is paid and the subscription active. */
  private payInvoiceOf(intent: Obj) {
    for (const invoice of this.invoices.values()) {
      if (invoice.payment_intent_id !== intent.id) continue;
      Object.assign(invoice, { status: 'paid', amount_paid: intent.amount });
      this.webhooks.send('invoice.paid', without(invoice, 'confirmation_secret', 'payment_intent_id'));
      const parent = invoice.parent as { subscription_details: { subscription: string } };
      const subscription = this.subscriptions.get(parent.subscription_details.subscription)!;
      subscription.status = 'active';
      subscription.default_payment_method = intent.payment_method;
      this.webhooks.send('customer.subscription.updated', subscription, { status: 'incomplete' });
    }
  }

  /** What a publishable key may read of an intent (Stripe leaves out metadata, description, e-mail). */
  private publicIntent(intent: Obj): Obj {
    return without(intent, 'metadata', 'description', 'receipt_email', 'customer', 'latest_charge');
  }

  // ---- Refunds, charges and balance transactions ----

  /** From now on refunds' webhooks are lost (true) or sent again (false): a test's lost webhook. */
  loseRefundWebhooks(lose = true): void {
    this.refundWebhooksLost = lose;
  }

  /**
   * A refund made by other hands than the product's (Stripe's dashboard, an operator): as POST /v1/refunds
   * with the secret key. `status: 'pending'` leaves it pending, for settleRefund.
   */
  refund(input: { paymentIntent: string; amount?: number; status?: 'succeeded' | 'pending'; metadata?: Record<string, string> }): Obj {
    const form: Form = { payment_intent: input.paymentIntent, ...(input.amount === undefined ? {} : { amount: String(input.amount) }) };
    for (const [key, value] of Object.entries(input.metadata ?? {})) form[`metadata[${key}]`] = value;
    return this.createRefund(form, input.status ?? 'succeeded');
  }

  /** A pending refund's end: succeeded, or failed (its money back on the charge), with the events Stripe sends. */
  settleRefund(id: string, status: 'succeeded' | 'failed'): Obj {
    const refund = this.found(this.refunds, 'refund', id);
    if (refund.status !== 'pending') throw new Error(`Refund ${id} is ${String(refund.status)}, not pending`);
    refund.status = status;
    if (status === 'failed') {
      refund.failure_reason = 'expired_or_canceled_card';
      const charge = this.charges.get(refund.charge as string)!;
      charge.amount_refunded = (charge.amount_refunded as number) - (refund.amount as number);
      charge.refunded = false;
      this.addBalance('refund_failure', refund.amount as number, refund.id as string, refund.currency as string);
    }
    this.refundEvent('refund.updated', refund);
    if (status === 'failed') this.refundEvent('refund.failed', refund);
    return refund;
  }

  private routeMoney(method: string, path: string, form: Form): unknown {
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(form, 'succeeded');
    if (method === 'GET' && path === '/v1/refunds') {
      return this.list('/v1/refunds', [...this.refunds.values()], form, (refund) =>
        (form.payment_intent === undefined || refund.payment_intent === form.payment_intent) && (form.charge === undefined || refund.charge === form.charge),
      );
    }
    const refund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refund) return this.found(this.refunds, 'refund', refund[1]!);
    const charge = /^\/v1\/charges\/([^/]+)$/.exec(path);
    if (method === 'GET' && charge) return this.found(this.charges, 'charge', charge[1]!);
    if (method === 'GET' && path === '/v1/balance_transactions') {
      const expand = Object.values(nested(form, 'expand')).includes('data.source');
      const page = this.list('/v1/balance_transactions', this.balance, form, (txn) => form.type === undefined || txn.type === form.type);
      if (!expand) return page;
      return { ...page, data: (page.data as Obj[]).map((txn) => ({ ...txn, source: this.charges.get(txn.source as string) ?? this.refunds.get(txn.source as string) ?? txn.source })) };
    }
    return undefined;
  }

  /** The charge of a payment that succeeded, and its balance transaction (Stripe's fee: 2.9% + 30¢). */
  private recordCharge(intent: Obj) {
    const amount = intent.amount as number;
    const id = intent.latest_charge as string;
    const txn = this.addBalance('charge', amount, id, intent.currency as string);
    this.charges.set(id, {
      id,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      balance_transaction: txn.id,
      captured: true,
      created: now(),
      currency: intent.currency,
      customer: intent.customer ?? null,
      description: intent.description ?? null,
      metadata: { ...(intent.metadata as Obj) },
      paid: true,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      refunded: false,
      status: 'succeeded',
      livemode: false,
    });
  }

  private addBalance(type: 'charge' | 'refund' | 'refund_failure', amount: number, source: string, currency: string): Obj {
    const fee = type === 'charge' ? Math.round(amount * 0.029) + 30 : 0;
    const signed = type === 'refund' ? -amount : amount;
    const txn: Obj = {
      id: this.id('txn'),
      object: 'balance_transaction',
      amount: signed,
      available_on: now() + 2 * 24 * 3600,
      created: now(),
      currency,
      description: null,
      fee,
      net: signed - fee,
      reporting_category: type,
      source,
      status: 'pending',
      type,
    };
    this.balance.push(txn);
    return txn;
  }

  /** POST /v1/refunds: of a payment intent (or its charge), in full or `amount`, at most what is left to refund. */
  private createRefund(form: Form, status: 'succeeded' | 'pending'): Obj {
    const intent = form.payment_intent
      ? this.found(this.intents, 'payment_intent', form.payment_intent)
      : form.charge
        ? this.found(this.intents, 'payment_intent', this.found(this.charges, 'charge', form.charge).payment_intent as string)
        : null;
    if (!intent) throw badRequest('One of the following params should be provided for this request: payment_intent or charge.', 'parameter_missing');
    const charge = this.charges.get(intent.latest_charge as string);
    if (intent.status !== 'succeeded' || !charge) {
      throw badRequest(`This PaymentIntent (${String(intent.id)}) does not have a successful charge to refund.`, 'charge_not_refundable');
    }
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    if (left === 0) throw badRequest(`Charge ${String(charge.id)} has already been refunded.`, 'charge_already_refunded');
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (!Number.isSafeInteger(amount) || amount < 1) throw badRequest('Invalid positive integer', 'parameter_invalid_integer');
    if (amount > left) {
      throw badRequest(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, 'amount_too_large');
    }
    const id = this.id('re');
    const txn = this.addBalance('refund', amount, id, charge.currency as string);
    const refund: Obj = {
      id,
      object: 'refund',
      amount,
      balance_transaction: txn.id,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: nested(form, 'metadata'),
      payment_intent: intent.id,
      reason: form.reason ?? null,
      status,
    };
    this.refunds.set(id, refund);
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.refundEvent('charge.refunded', charge);
    this.refundEvent('refund.created', refund);
    return refund;
  }

  private refundEvent(type: string, object: Obj) {
    if (this.refundWebhooksLost) this.lostWebhooks.push({ type, objectId: String(object.id) });
    else this.webhooks.send(type, object);
  }

  /**
   * A Stripe list: newest first (by `created`, then most recently made), `created[gte|gt|lte|lt]`, `limit`
   * (10 by default, 1 to 100) and `starting_after` (an id of the list: the page after it).
   */
  private list(url: string, all: Obj[], form: Form, keep: (object: Obj) => boolean): Obj {
    const limit = form.limit === undefined ? 10 : Number(form.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw badRequest('Invalid integer: limit must be between 1 and 100', 'parameter_invalid_integer');
    const created = nested(form, 'created');
    const bound = (name: string) => (created[name] === undefined ? undefined : Number(created[name]));
    const [gte, gt, lte, lt] = ['gte', 'gt', 'lte', 'lt'].map(bound);
    const inRange = (at: number) => (gte === undefined || at >= gte) && (gt === undefined || at > gt) && (lte === undefined || at <= lte) && (lt === undefined || at < lt);
    const newestFirst = all
      .map((object, index) => ({ object, index }))
      .filter(({ object }) => inRange(object.created as number) && keep(object))
      .sort((a, b) => (b.object.created as number) - (a.object.created as number) || b.index - a.index)
      .map(({ object }) => object);
    let from = 0;
    if (form.starting_after !== undefined) {
      const at = newestFirst.findIndex((object) => object.id === form.starting_after);
      if (at < 0) throw missing('object', form.starting_after);
      from = at + 1;
    }
    const data = newestFirst.slice(from, from + limit);
    return { object: 'list', url, has_more: from + data.length < newestFirst.length, data };
  }

  // --- Premium's card (issue 24): SetupIntents, the subscription's default payment method, invoices read back. ---

  /**
   * The calls changing the card that renews Premium and reading a charge's card: answered here, or undefined
   * for the routes above. Stripe.js confirms a SetupIntent with the publishable key; the rest needs the secret one.
   */
  private premiumCardRoute(method: string, path: string, form: Form, authorization: string | undefined): unknown {
    const confirmSetup = /^\/v1\/setup_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && confirmSetup) {
      if (form.key !== this.options.publishableKey) throw new StripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
      return this.confirmSetupIntent(confirmSetup[1]!, form);
    }
    const setup = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    const invoice = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    const customer = /^\/v1\/customers\/([^/]+)$/.exec(path);
    const expand = Object.values(nested(form, 'expand'));
    const mine =
      (method === 'POST' && path === '/v1/setup_intents') ||
      (method === 'GET' && setup) ||
      (method === 'GET' && invoice) ||
      (method === 'POST' && customer) ||
      (method === 'POST' && subscription && form.default_payment_method !== undefined) ||
      (method === 'GET' && subscription && expand.includes('default_payment_method'));
    if (!mine) return undefined;
    if (authorization !== `Bearer ${this.options.secretKey}`) {
      throw new StripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    }
    if (method === 'POST' && path === '/v1/setup_intents') return this.createSetupIntent(form);
    if (setup) return this.withPaymentMethod(this.found(this.setupIntents, 'setup_intent', setup[1]!), expand.includes('payment_method'));
    if (invoice) return this.invoiceWithPayment(this.found(this.invoices, 'invoice', invoice[1]!));
    if (customer) {
      const found = this.found(this.customers, 'customer', customer[1]!);
      const card = form['invoice_settings[default_payment_method]'];
      if (card !== undefined) {
        this.found(this.paymentMethods, 'payment_method', card);
        found.invoice_settings = { default_payment_method: card };
      }
      return found;
    }
    const found = this.found(this.subscriptions, 'subscription', subscription![1]!);
    if (method === 'GET') return { ...found, default_payment_method: found.default_payment_method ? this.paymentMethods.get(found.default_payment_method as string) ?? null : null };
    const card = this.found(this.paymentMethods, 'payment_method', form.default_payment_method!);
    found.default_payment_method = card.id;
    this.webhooks.send('customer.subscription.updated', found, { default_payment_method: null });
    return found;
  }

  private createSetupIntent(form: Form): Obj {
    const customer = form.customer ?? '';
    if (!this.customers.has(customer)) throw missing('customer', customer);
    const id = this.id('seti');
    const setup: Obj = {
      id,
      object: 'setup_intent',
      customer,
      usage: form.usage ?? 'off_session',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${token()}`,
      payment_method: null,
      last_setup_error: null,
      metadata: nested(form, 'metadata'),
      created: now(),
      livemode: false,
    };
    this.setupIntents.set(id, setup);
    return setup;
  }

  /** Stripe.js's confirmSetup with a test card: a declined card is refused, another becomes a saved payment method. */
  private confirmSetupIntent(id: string, form: Form): Obj {
    const setup = this.found(this.setupIntents, 'setup_intent', id);
    if (form.client_secret !== setup.client_secret) throw badRequest('The client_secret provided does not match the client_secret associated with the SetupIntent.');
    if (setup.status === 'succeeded') throw badRequest('You cannot confirm this SetupIntent because it has already succeeded.', 'setup_intent_unexpected_state');
    const number = form['payment_method_data[card][number]'] ?? '';
    if (form['payment_method_data[type]'] !== 'card' || !/^\d{13,19}$/.test(number)) {
      throw new StripeError(402, { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' });
    }
    const decline = DECLINES[number];
    if (decline) {
      const error = { type: 'card_error', code: decline.code, message: decline.message };
      Object.assign(setup, { last_setup_error: error });
      throw new StripeError(402, { ...error, setup_intent: without(setup, 'metadata') });
    }
    const card = { id: this.id('pm'), object: 'payment_method', type: 'card', customer: setup.customer, card: { brand: 'mastercard', last4: number.slice(-4), exp_month: Number(form['payment_method_data[card][exp_month]']), exp_year: 2000 + Number(form['payment_method_data[card][exp_year]']) } };
    this.paymentMethods.set(card.id, card);
    Object.assign(setup, { status: 'succeeded', payment_method: card.id, last_setup_error: null });
    this.webhooks.send('setup_intent.succeeded', setup);
    return without(setup, 'metadata');
  }

  private withPaymentMethod(setup: Obj, expand: boolean): Obj {
    if (!expand || typeof setup.payment_method !== 'string') return setup;
    return { ...setup, payment_method: this.paymentMethods.get(setup.payment_method) ?? setup.payment_method };
  }

  /** An invoice with its payment expanded down to the charge's card (payments.data.payment.payment_intent.latest_charge). */
  private invoiceWithPayment(invoice: Obj): Obj {
    const intent = typeof invoice.payment_intent_id === 'string' ? this.intents.get(invoice.payment_intent_id) : undefined;
    const methodId = (invoice.payment_method_id as string | undefined) ?? (intent?.payment_method as string | undefined);
    const method = methodId ? this.paymentMethods.get(methodId) : undefined;
    const charge = method ? { id: this.id('ch'), object: 'charge', payment_method: method.id, payment_method_details: { type: 'card', card: method.card } } : null;
    const payment = { type: 'payment_intent', payment_intent: { id: intent?.id ?? this.id('pi'), object: 'payment_intent', payment_method: method?.id ?? null, latest_charge: charge } };
    return { ...without(invoice, 'confirmation_secret', 'payment_intent_id', 'payment_method_id'), payments: { object: 'list', data: [{ object: 'invoice_payment', payment }] } };
  }

  /**
   * A month's renewal, as Stripe bills it: a new invoice paid by the subscription's default payment method,
   * the period moved on, invoice.paid and customer.subscription.updated sent. Answers the invoice's id.
   */
  renew(subscriptionId: string): string {
    const subscription = this.found(this.subscriptions, 'subscription', subscriptionId);
    const item = (subscription.items as { data: Obj[] }).data[0]!;
    const start = item.current_period_end as number;
    const end = oneMonthAfter(start);
    Object.assign(item, { current_period_start: start, current_period_end: end });
    const id = this.id('in');
    const invoice: Obj = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      status: 'paid',
      amount_due: PREMIUM_PRICE.amount,
      amount_paid: PREMIUM_PRICE.amount,
      currency: 'usd',
      billing_reason: 'subscription_cycle',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: subscription.metadata } },
      lines: { object: 'list', data: [{ id: this.id('il'), amount: PREMIUM_PRICE.amount, period: { start, end } }] },
      payment_method_id: subscription.default_payment_method,
      created: now(),
    };
    this.invoices.set(id, invoice);
    this.webhooks.send('invoice.paid', without(invoice, 'payment_method_id'));
    this.webhooks.send('customer.subscription.updated', subscription);
    return id;
  }

  /** The subscriptions the stub holds for a creator (metadata.userId). */
  subscriptionsOf(userId: string): Obj[] {
    return [...this.subscriptions.values()].filter((s) => (s.metadata as Record<string, string>).userId === userId);
  }
}
