import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { ProviderLedger } from '../application/ports/provider-ledger.js';
import type { ProviderRecords, ProviderRefund } from '../domain/records.js';
import type { UtcDay } from '../domain/utc-day.js';

interface IntentRow {
  id: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'refunded';
  metadata: Record<string, string> | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, amount, currency, status, metadata, created_at, updated_at';

/**
 * The local test provider's own records (its tables, as billing's local provider writes them): an intent
 * succeeded is a payment taken; one refunded was paid and then refunded in full (the local provider keeps no
 * refund of its own: its refund marks the intent, so the refund has no provider id and is dated by the
 * intent's last change). Read-only SQL.
 */
@Injectable()
export class PostgresLocalProviderLedger extends ProviderLedger {
  readonly provider = 'local' as const;

  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {
    super();
  }

  /** Intents paid or refunded during the day (created then, or last changed then). */
  async day(day: UtcDay): Promise<ProviderRecords> {
    const { rows } = await this.pool.query<IntentRow>(
      `select ${COLUMNS} from local_payment_intents
        where status in ('succeeded', 'refunded')
          and ((created_at >= $1 and created_at < $2) or (updated_at >= $1 and updated_at < $2))`,
      [day.start, day.end],
    );
    return this.records(rows);
  }

  async ofIntents(intentIds: readonly string[]): Promise<ProviderRecords> {
    if (intentIds.length === 0) return { payments: [], refunds: [] };
    const { rows } = await this.pool.query<IntentRow>(
      `select ${COLUMNS} from local_payment_intents where id = any($1::varchar[]) and status in ('succeeded', 'refunded')`,
      [intentIds],
    );
    return this.records(rows);
  }

  private records(rows: IntentRow[]): ProviderRecords {
    return {
      payments: rows.map((row) => {
        const metadata = row.metadata ?? {};
        return {
          intentId: row.id,
          chargeId: null,
          amount: row.amount,
          currency: row.currency,
          at: new Date(row.created_at),
          bookingId: metadata.bookingId ?? metadata.orderId ?? null, // an order's (issue 27) is reconciled as a booking's
          subscriptionId: metadata.subscriptionId ?? null,
          customerId: null,
        };
      }),
      refunds: rows
        .filter((row) => row.status === 'refunded')
        .map((row): ProviderRefund => ({
          id: null,
          intentId: row.id,
          chargeId: null,
          amount: row.amount,
          currency: row.currency,
          status: 'succeeded',
          at: new Date(row.updated_at),
          metadata: { ...(row.metadata ?? {}) },
        })),
    };
  }
}
