import { Injectable } from '@nestjs/common';
import { EntityManager, IsolationLevel } from '@mikro-orm/postgresql';
import type { PayoutMethod, PayoutStatus } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { EarningsReader, type StatementFacts } from '../application/ports/earnings.reader.js';
import type { CarriedFact, EntryFact, PayoutFact, PayoutRecord } from '../domain/ledger-facts.js';

interface EntryRow {
  id: string;
  kind: string;
  amount: number;
  created_at: Date;
  booking_id: string | null;
  payout_id: string | null;
  customer_name: string | null;
  order_id: string | null;
  sale_kind: 'product' | 'tip' | null;
  sale_title: string | null;
}

interface PayoutRow {
  id: string;
  week: string;
  amount: number;
  status: PayoutStatus;
  method: PayoutMethod | null;
  destination: string | null;
  reference: string | null;
  provider_batch_id: string | null;
  created_at: Date;
  paid_at: Date | null;
}

const toEntry = (r: EntryRow): EntryFact => ({
  // Billing writes 'earning' and 'reversal' rows; anything taken back (a negative row) reads as a reversal.
  kind: r.kind === 'earning' && Number(r.amount) >= 0 ? 'earning' : 'reversal',
  id: r.id,
  at: new Date(r.created_at),
  amount: Number(r.amount),
  bookingId: r.booking_id,
  customerName: r.customer_name,
  orderId: r.order_id,
  sale: r.sale_kind && r.sale_title !== null ? { kind: r.sale_kind, title: r.sale_title } : null,
  payoutId: r.payout_id,
});

const toPayoutFact = (r: PayoutRow): PayoutFact => ({
  kind: 'payout',
  id: r.id,
  at: new Date(r.created_at),
  amount: Number(r.amount),
  week: r.week,
  status: r.status,
  method: r.method,
});

// A booking's entry names its visitor; a product order's or a tip's (issue 27) its buyer, kind and title.
const ENTRY_COLUMNS = `le.id, le.kind, le.amount, le.created_at, le.booking_id, le.payout_id, le.order_id,
    coalesce(b.customer_name, o.customer_name) as customer_name, o.kind as sale_kind, o.title as sale_title
  from ledger_entries le left join bookings b on b.id = le.booking_id left join orders o on o.id = le.order_id`;

/**
 * PostgreSQL, in plain SQL, reading billing's ledger_entries (with the booking's customer name) and the
 * payouts module's payouts and payout_carryovers, as the payouts module reads identity's users. A statement's
 * reads run in one read-only REPEATABLE READ transaction, so its balance, opening and lines agree even while
 * a payout run or a refund commits meanwhile.
 */
@Injectable()
export class PostgresEarningsReader extends EarningsReader {
  constructor(private readonly em: EntityManager) {
    super();
  }

  statementFacts(creatorId: Id, start: Date, end: Date): Promise<StatementFacts> {
    return this.em.fork().transactional(
      async (tx) => {
        const rows = <T>(sql: string, params: unknown[]) => tx.execute<T[]>(sql, params as never[]);
        const [balance] = await rows<{ cents: string }>(
          'select coalesce(sum(amount), 0)::bigint::text as cents from ledger_entries where creator_id = ? and payout_id is null',
          [creatorId],
        );
        const [opening] = await rows<{ cents: string }>(
          `select ((select coalesce(sum(amount), 0) from ledger_entries where creator_id = ? and created_at < ?)
                 - (select coalesce(sum(amount), 0) from payouts where creator_id = ? and created_at < ?))::bigint::text as cents`,
          [creatorId, start, creatorId, start],
        );
        const entries = await rows<EntryRow>(
          `select ${ENTRY_COLUMNS} where le.creator_id = ? and le.created_at >= ? and le.created_at < ?`,
          [creatorId, start, end],
        );
        const payouts = await rows<PayoutRow>(
          'select * from payouts where creator_id = ? and created_at >= ? and created_at < ?',
          [creatorId, start, end],
        );
        const carried = await rows<{ id: string; week: string; amount: number; created_at: Date }>(
          'select id, week, amount, created_at from payout_carryovers where creator_id = ? and created_at >= ? and created_at < ?',
          [creatorId, start, end],
        );
        return {
          balance: Number(balance?.cents ?? 0),
          opening: Number(opening?.cents ?? 0),
          facts: [
            ...entries.map(toEntry),
            ...payouts.map(toPayoutFact),
            ...carried.map((r): CarriedFact => ({
              kind: 'carried',
              id: r.id,
              at: new Date(r.created_at),
              amount: Number(r.amount),
              week: r.week,
            })),
          ],
        };
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
  }

  async payoutOf(creatorId: Id, payoutId: Id): Promise<PayoutRecord | null> {
    const [row] = await this.em.execute<PayoutRow[]>('select * from payouts where id = ? and creator_id = ?', [
      payoutId,
      creatorId,
    ]);
    if (!row) return null;
    return {
      id: row.id,
      week: row.week,
      amount: Number(row.amount),
      status: row.status,
      method: row.method,
      destination: row.destination,
      reference: row.reference,
      providerBatchId: row.provider_batch_id,
      createdAt: new Date(row.created_at),
      paidAt: row.paid_at ? new Date(row.paid_at) : null,
    };
  }

  async entriesOfPayout(payoutId: Id): Promise<EntryFact[]> {
    const rows = await this.em.execute<EntryRow[]>(
      `select ${ENTRY_COLUMNS} where le.payout_id = ? order by le.created_at, le.id`,
      [payoutId],
    );
    return rows.map(toEntry);
  }
}
