import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PAYOUT_STATUSES, type PayoutMethod, type PayoutStatus } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import {
  PayoutStore,
  type OperatorPayoutFilter,
  type PayoutNoticeRecipient,
  type PayoutWithCreator,
  type UnassignedEntry,
} from '../application/ports/payout.store.js';
import type { Payout, PayoutDetails } from '../domain/payout.js';

interface PayoutRow {
  id: string;
  creator_id: string;
  week: string;
  period_end: Date;
  amount: number;
  currency: string;
  method: PayoutMethod | null;
  destination: string | null;
  status: PayoutStatus;
  provider_batch_id: string | null;
  reference: string | null;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
  paid_at: Date | null;
  username?: string;
}

const toPayout = (r: PayoutRow): Payout => ({
  id: r.id,
  creatorId: r.creator_id,
  week: r.week,
  periodEnd: new Date(r.period_end),
  amount: Number(r.amount),
  currency: r.currency,
  method: r.method,
  destination: r.destination,
  status: r.status,
  providerBatchId: r.provider_batch_id,
  reference: r.reference,
  failureReason: r.failure_reason,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  paidAt: r.paid_at ? new Date(r.paid_at) : null,
});

const LIST_LIMIT = 500;

/**
 * PostgreSQL, in plain SQL. One payout per creator per week is the table's unique key (creator_id, week);
 * ledger entries are claimed under row locks and assigned only by the transaction that inserted the payout.
 * The injected EntityManager joins the surrounding transaction. The creators' payout details are read from
 * identity's users table, as billing reads its creators.
 */
@Injectable()
export class PostgresPayoutStore extends PayoutStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.execute<T[]>(sql, params as never[]);
  }

  async balanceOf(creatorId: Id): Promise<number> {
    const [row] = await this.rows<{ cents: string }>(
      'select coalesce(sum(amount), 0)::bigint::text as cents from ledger_entries where creator_id = ? and payout_id is null',
      [creatorId],
    );
    return Number(row?.cents ?? 0);
  }

  async creatorsWithUnassignedEntries(before: Date): Promise<Id[]> {
    const rows = await this.rows<{ creator_id: string }>(
      'select distinct creator_id from ledger_entries where payout_id is null and created_at < ? order by creator_id',
      [before],
    );
    return rows.map((r) => r.creator_id);
  }

  async lockUnassignedEntries(creatorId: Id, before: Date): Promise<UnassignedEntry[]> {
    // FOR UPDATE: a concurrent run blocks here until this transaction ends, then re-checks `payout_id is
    // null` on the committed rows and finds them taken.
    const rows = await this.rows<{ id: string; amount: number }>(
      `select id, amount from ledger_entries
        where creator_id = ? and payout_id is null and created_at < ?
        order by created_at, id
        for update`,
      [creatorId, before],
    );
    return rows.map((r) => ({ id: r.id, amount: Number(r.amount) }));
  }

  async payoutDetailsOf(creatorId: Id): Promise<PayoutDetails | null> {
    const [row] = await this.rows<{
      paypal_email: string | null;
      cashapp_handle: string | null;
      email_verified: boolean;
    }>('select paypal_email, cashapp_handle, email_verified_at is not null as email_verified from users where id = ?', [
      creatorId,
    ]);
    return row
      ? { paypalEmail: row.paypal_email, cashappHandle: row.cashapp_handle, emailVerified: row.email_verified }
      : null;
  }

  async insert(p: Payout): Promise<boolean> {
    const rows = await this.rows(
      `insert into payouts (id, creator_id, week, period_end, amount, currency, method, destination, status,
         provider_batch_id, reference, failure_reason, created_at, updated_at, paid_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (creator_id, week) do nothing
       returning id`,
      [
        p.id,
        p.creatorId,
        p.week,
        p.periodEnd,
        p.amount,
        p.currency,
        p.method,
        p.destination,
        p.status,
        p.providerBatchId,
        p.reference,
        p.failureReason,
        p.createdAt,
        p.updatedAt,
        p.paidAt,
      ],
    );
    return rows.length === 1;
  }

  async assignEntries(payoutId: Id, entryIds: Id[]): Promise<void> {
    if (entryIds.length === 0) return;
    await this.rows('update ledger_entries set payout_id = ? where id in (?) and payout_id is null', [
      payoutId,
      entryIds,
    ]);
  }

  async markEntriesPaidOut(payoutId: Id, at: Date): Promise<void> {
    await this.rows('update ledger_entries set paid_out_at = ? where payout_id = ? and paid_out_at is null', [
      at,
      payoutId,
    ]);
  }

  async noticeRecipientOf(payoutId: Id): Promise<PayoutNoticeRecipient | null> {
    const [row] = await this.rows<{ email: string; display_name: string; first_at: Date | null; last_at: Date | null }>(
      `select u.email, u.display_name,
              (select min(created_at) from ledger_entries where payout_id = p.id) as first_at,
              (select max(created_at) from ledger_entries where payout_id = p.id) as last_at
         from payouts p join users u on u.id = p.creator_id
        where p.id = ?`,
      [payoutId],
    );
    if (!row) return null;
    return {
      email: row.email,
      displayName: row.display_name,
      firstEntryAt: row.first_at ? new Date(row.first_at) : null,
      lastEntryAt: row.last_at ? new Date(row.last_at) : null,
    };
  }

  async find(id: Id): Promise<Payout | null> {
    const [row] = await this.rows<PayoutRow>('select * from payouts where id = ?', [id]);
    return row ? toPayout(row) : null;
  }

  async lock(id: Id): Promise<Payout | null> {
    const [row] = await this.rows<PayoutRow>('select * from payouts where id = ? for update', [id]);
    return row ? toPayout(row) : null;
  }

  async update(p: Payout, expected: PayoutStatus): Promise<boolean> {
    const rows = await this.rows(
      `update payouts set method = ?, destination = ?, status = ?, provider_batch_id = ?, reference = ?,
         failure_reason = ?, updated_at = ?, paid_at = ?
        where id = ? and status = ?
        returning id`,
      [
        p.method,
        p.destination,
        p.status,
        p.providerBatchId,
        p.reference,
        p.failureReason,
        p.updatedAt,
        p.paidAt,
        p.id,
        expected,
      ],
    );
    return rows.length === 1;
  }

  async heldWithDetails(limit: number): Promise<Array<{ payout: Payout; details: PayoutDetails }>> {
    const rows = await this.rows<PayoutRow & { paypal_email: string | null; cashapp_handle: string | null }>(
      `select p.*, u.paypal_email, u.cashapp_handle
         from payouts p join users u on u.id = p.creator_id
        where p.status = 'on_hold'
          and (coalesce(btrim(u.paypal_email), '') <> '' or coalesce(btrim(u.cashapp_handle), '') <> '')
          and u.email_verified_at is not null
        order by p.created_at, p.id
        limit ?`,
      [limit],
    );
    return rows.map((r) => ({
      payout: toPayout(r),
      details: { paypalEmail: r.paypal_email, cashappHandle: r.cashapp_handle, emailVerified: true },
    }));
  }

  async inStatus(status: PayoutStatus, options: { updatedBefore?: Date; limit: number }): Promise<Payout[]> {
    const rows = await this.rows<PayoutRow>(
      `select * from payouts where status = ? ${options.updatedBefore ? 'and updated_at < ?' : ''}
        order by updated_at, id limit ?`,
      options.updatedBefore ? [status, options.updatedBefore, options.limit] : [status, options.limit],
    );
    return rows.map(toPayout);
  }

  async countByStatus(): Promise<Record<PayoutStatus, number>> {
    const rows = await this.rows<{ status: PayoutStatus; count: string }>('select status, count(*) as count from payouts group by status');
    const counts = Object.fromEntries(PAYOUT_STATUSES.map((status) => [status, 0])) as Record<PayoutStatus, number>;
    for (const row of rows) counts[row.status] = Number(row.count);
    return counts;
  }

  async listForCreator(creatorId: Id): Promise<Payout[]> {
    const rows = await this.rows<PayoutRow>(
      'select * from payouts where creator_id = ? order by week desc, created_at desc limit ?',
      [creatorId, LIST_LIMIT],
    );
    return rows.map(toPayout);
  }

  async listForOperators(filter: OperatorPayoutFilter): Promise<PayoutWithCreator[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.status) {
      where.push('p.status = ?');
      params.push(filter.status);
    }
    if (filter.week) {
      where.push('p.week = ?');
      params.push(filter.week);
    }
    if (filter.ids) {
      if (filter.ids.length === 0) return [];
      where.push('p.id in (?)');
      params.push(filter.ids);
    }
    const rows = await this.rows<PayoutRow & { username: string }>(
      `select p.*, u.username from payouts p join users u on u.id = p.creator_id
        ${where.length ? `where ${where.join(' and ')}` : ''}
        order by p.week desc, u.username, p.created_at desc
        limit ?`,
      [...params, LIST_LIMIT],
    );
    return rows.map((r) => ({ ...toPayout(r), username: r.username }));
  }
}
