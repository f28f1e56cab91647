import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/*
 * The Stripe API stub's webhook endpoint client: events in Stripe's shape, signed as Stripe signs them
 * (`Stripe-Signature`, the endpoint's secret, with the real SDK), sent to the product one at a time after
 * the answer that caused them, and sent again on demand (Stripe delivers at least once).
 */

export interface WebhookOptions {
  webhookSecret: string;
  /** The product's POST /api/webhooks/stripe. */
  webhookUrl: string;
  /** How long after the answer that caused it an event is sent (Stripe's take a moment; 0 by default). */
  webhookDelayMs?: number;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  /** The object the event is about (a payment intent's, an invoice's or a subscription's id). */
  objectId: string;
  /** The product's answer (0: no answer). */
  status: number;
}

const token = () => randomBytes(12).toString('hex');

export class StripeWebhooks {
  private readonly events = new Map<string, string>();
  private sending: Promise<void> = Promise.resolve();
  readonly deliveries: WebhookDelivery[] = [];

  constructor(private readonly options: WebhookOptions) {}

  /** Queues the event for delivery after the current answer, one at a time, in order. */
  send(type: string, object: Record<string, unknown>, previous?: Record<string, unknown>): void {
    const id = `evt_${token()}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: `req_${token()}`, idempotency_key: null },
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
    });
    this.events.set(id, payload);
    const objectId = String(object.id);
    // After the answer that caused it has gone out (Stripe sends events asynchronously).
    const due = Date.now() + (this.options.webhookDelayMs ?? 0);
    this.sending = this.sending
      .then(() => new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now()))))
      .then(() => this.deliver(id, type, objectId, payload))
      .then(() => undefined);
  }

  /** Waits until every event queued so far has been answered. */
  settled(): Promise<void> {
    return this.sending;
  }

  redeliver(eventId: string): Promise<number> {
    const payload = this.events.get(eventId);
    if (!payload) throw new Error(`No event ${eventId} was sent`);
    const event = JSON.parse(payload) as { type: string; data: { object: { id: string } } };
    return this.deliver(eventId, event.type, event.data.object.id, payload);
  }

  private async deliver(eventId: string, type: string, objectId: string, payload: string): Promise<number> {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.options.webhookSecret });
    const status = await fetch(this.options.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature, 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
    }).then(
      (response) => response.status,
      () => 0,
    );
    this.deliveries.push({ eventId, type, objectId, status });
    return status;
  }
}
