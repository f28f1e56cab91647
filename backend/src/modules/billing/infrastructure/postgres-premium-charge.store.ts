import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { newId, type Id } from '../../../shared/ids.js';
import { PremiumChargeStore, type ChargeFacts } from '../application/ports/premium-charge.store.js';
import { receiptNumber, type PremiumCharge } from '../domain/premium-charge.js';

interface ChargeRow {
  id: string;
  user_id: string;
  subscription_id: string;
  provider_invoice_id: string;
  amount: number;
  currency: string;
  period_start: Date | null;
  period_end: Date | null;
  card_last4: string | null;
  receipt_number: string | null;
  status: 'paid' | 'declined';
  created_at: Date;
}

const toCharge = (r: ChargeRow): PremiumCharge => ({
  id: r.id,
  userId: r.user_id,
  subscriptionId: r.subscription_id,
  providerInvoiceId: r.provider_invoice_id,
  amountCents: r.amount,
  currency: r.currency,
  periodStart: r.period_start ? new Date(r.period_start) : null,
  periodEnd: r.period_end ? new Date(r.period_end) : null,
  cardLast4: r.card_last4,
  receiptNumber: r.receipt_number,
  status: r.status,
  createdAt: new Date(r.created_at),
});

/** premium_charges in plain SQL: one row per provider invoice (a unique key), receipt numbers from a sequence. */
@Injectable()
export class PostgresPremiumChargeStore extends PremiumChargeStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.execute<T[]>(sql, params as never[]);
  }

  async recordPaid(f: ChargeFacts, now: Date): Promise<PremiumCharge | null> {
    const [{ n }] = (await this.rows<{ n: string }>("select nextval('premium_receipt_numbers') as n", [])) as [{ n: string }];
    const receipt = receiptNumber(now, Number(n));
    // A number taken by a charge that was paid already is simply not used (a sequence has gaps, like invoice numbers may).
    const [row] = await this.rows<ChargeRow>(
      `insert into premium_charges (id, user_id, subscription_id, provider_invoice_id, amount, currency, period_start, period_end,
         card_last4, receipt_number, status, created_at, paid_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'paid', ?, ?)
       on conflict (provider_invoice_id) do update
         set status = 'paid', receipt_number = excluded.receipt_number, paid_at = excluded.paid_at, amount = excluded.amount,
             card_last4 = coalesce(excluded.card_last4, premium_charges.card_last4)
         where premium_charges.status = 'declined'
       returning *`,
      [newId(), f.userId, f.subscriptionId, f.providerInvoiceId, f.amountCents, f.currency, f.periodStart, f.periodEnd, f.cardLast4, receipt, now, now],
    );
    return row ? toCharge(row) : null;
  }

  async recordDeclined(f: ChargeFacts, now: Date): Promise<PremiumCharge | null> {
    const [row] = await this.rows<ChargeRow>(
      `insert into premium_charges (id, user_id, subscription_id, provider_invoice_id, amount, currency, period_start, period_end,
         card_last4, status, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'declined', ?)
       on conflict (provider_invoice_id) do nothing
       returning *`,
      [newId(), f.userId, f.subscriptionId, f.providerInvoiceId, f.amountCents, f.currency, f.periodStart, f.periodEnd, f.cardLast4, now],
    );
    return row ? toCharge(row) : null;
  }

  async chargesOf(userId: Id, limit: number): Promise<PremiumCharge[]> {
    const rows = await this.rows<ChargeRow>(
      'select * from premium_charges where user_id = ? order by created_at desc, id desc limit ?',
      [userId, limit],
    );
    return rows.map(toCharge);
  }
}
