import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripeWebhooks, type WebhookDelivery, type WebhookOptions } from './stripe-webhooks';

/*
 * A local stand-in for Stripe's API (api.stripe.com), for browser specs on the Stripe path: what the
 * product's gateway calls with the secret key (payment intents, customers, the price lookup, subscriptions
 * with their first invoice's confirmation secret) and what Stripe.js calls with the publishable key (a
 * payment intent's confirmation with a test card), in Stripe's wire format (form bodies, JSON answers,
 * Stripe's error shapes). When a payment is confirmed or refused it sends the product the events Stripe
 * would, signed with the endpoint's secret, to its webhook endpoint.
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
    const decline = DECLINES[number];
    if (decline) {
      const error = { type: 'card_error', code: decline.code, decline_code: decline.code === 'card_declined' ? 'generic_decline' : decline.code, message: decline.message, payment_method: paymentMethod };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error, payment_method: null });
      this.webhooks.send('payment_intent.payment_failed', intent);
      throw new StripeError(402, { ...error, payment_intent: this.publicIntent(intent) });
    }
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, last_payment_error: null, payment_method: paymentMethod.id, latest_charge: this.id('ch') });
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
      this.webhooks.send('customer.subscription.updated', subscription, { status: 'incomplete' });
    }
  }

  /** What a publishable key may read of an intent (Stripe leaves out metadata, description, e-mail). */
  private publicIntent(intent: Obj): Obj {
    return without(intent, 'metadata', 'description', 'receipt_email', 'customer', 'latest_charge');
  }
}
