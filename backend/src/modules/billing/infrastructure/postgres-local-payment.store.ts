import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { LocalPaymentStore, type LocalIntent, type LocalSubscription } from '../application/ports/local-payment.store.js';

interface IntentRow {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: LocalIntent['status'];
  metadata: Record<string, string>;
  return_path: string | null;
}

interface SubscriptionRow {
  id: string;
  customer_id: string;
  user_id: string;
  status: string;
  current_period_start: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
}

const toIntent = (r: IntentRow): LocalIntent => ({
  id: r.id,
  clientSecret: r.client_secret,
  amount: r.amount,
  currency: r.currency,
  status: r.status,
  metadata: r.metadata,
  returnPath: r.return_path,
});

const toSubscription = (r: SubscriptionRow): LocalSubscription => ({
  id: r.id,
  customerId: r.customer_id,
  userId: r.user_id,
  status: r.status,
  currentPeriodStart: r.current_period_start ? new Date(r.current_period_start) : null,
  currentPeriodEnd: r.current_period_end ? new Date(r.current_period_end) : null,
  cancelAtPeriodEnd: r.cancel_at_period_end,
  card: r.card_last4 && r.card_exp_month && r.card_exp_year ? { last4: r.card_last4, expMonth: r.card_exp_month, expYear: r.card_exp_year } : null,
});

/** 24 random bytes (192 bits) per secret: unguessable, like Stripe's client secrets. */
const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

@Injectable()
export class PostgresLocalPaymentStore extends LocalPaymentStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.execute<T[]>(sql, params as never[]);
  }

  async createIntent(input: { amount: number; metadata: Record<string, string>; returnPath: string | null; now: Date; key?: string }): Promise<LocalIntent> {
    // A key (the booking's) makes creation idempotent, as Stripe's Idempotency-Key does.
    const id = input.key ? `pi_local_${input.key.replace(/[^A-Za-z0-9]/g, '')}` : `pi_local_${token(12)}`;
    const secret = `${id}_secret_${token(24)}`;
    await this.rows(
      `insert into local_payment_intents (id, client_secret, amount, status, metadata, return_path, created_at, updated_at)
       values (?, ?, ?, 'requires_payment_method', ?::jsonb, ?, ?, ?) on conflict (id) do nothing`,
      [id, secret, input.amount, JSON.stringify(input.metadata), input.returnPath, input.now, input.now],
    );
    return (await this.findIntent(id))!;
  }

  async findIntent(id: string): Promise<LocalIntent | null> {
    const [row] = await this.rows<IntentRow>('select * from local_payment_intents where id = ?', [id]);
    return row ? toIntent(row) : null;
  }

  async lockIntent(id: string): Promise<LocalIntent | null> {
    const [row] = await this.rows<IntentRow>('select * from local_payment_intents where id = ? for update', [id]);
    return row ? toIntent(row) : null;
  }

  async lockIntentBySecret(clientSecret: string): Promise<LocalIntent | null> {
    const [row] = await this.rows<IntentRow>('select * from local_payment_intents where client_secret = ? for update', [clientSecret]);
    return row ? toIntent(row) : null;
  }

  async setIntentStatus(id: string, status: LocalIntent['status'], lastError: string | null, now: Date): Promise<void> {
    await this.rows('update local_payment_intents set status = ?, last_error = ?, updated_at = ? where id = ?', [status, lastError, now, id]);
  }

  async createSubscription(input: { customerId: string; userId: string; now: Date }): Promise<LocalSubscription> {
    const subscription: LocalSubscription = {
      id: `sub_local_${token(12)}`,
      customerId: input.customerId,
      userId: input.userId,
      status: 'incomplete',
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      card: null,
    };
    await this.rows(
      `insert into local_subscriptions (id, customer_id, user_id, status, cancel_at_period_end, created_at)
       values (?, ?, ?, ?, false, ?)`,
      [subscription.id, subscription.customerId, subscription.userId, subscription.status, input.now],
    );
    return subscription;
  }

  async lockSubscription(id: string): Promise<LocalSubscription | null> {
    const [row] = await this.rows<SubscriptionRow>('select * from local_subscriptions where id = ? for update', [id]);
    return row ? toSubscription(row) : null;
  }

  async findSubscription(id: string): Promise<LocalSubscription | null> {
    const [row] = await this.rows<SubscriptionRow>('select * from local_subscriptions where id = ?', [id]);
    return row ? toSubscription(row) : null;
  }

  async saveSubscription(s: LocalSubscription): Promise<void> {
    await this.rows(
      `update local_subscriptions set status = ?, current_period_start = ?, current_period_end = ?, cancel_at_period_end = ?,
              card_last4 = ?, card_exp_month = ?, card_exp_year = ?
        where id = ?`,
      [s.status, s.currentPeriodStart, s.currentPeriodEnd, s.cancelAtPeriodEnd, s.card?.last4 ?? null, s.card?.expMonth ?? null, s.card?.expYear ?? null, s.id],
    );
  }

  async dueForRenewal(now: Date, limit: number): Promise<string[]> {
    const rows = await this.rows<{ id: string }>(
      `select id from local_subscriptions
        where status in ('active', 'past_due') and not cancel_at_period_end and current_period_end <= ?
        order by current_period_end limit ?`,
      [now, limit],
    );
    return rows.map((row) => row.id);
  }
}
