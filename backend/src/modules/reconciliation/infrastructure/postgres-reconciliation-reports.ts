import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { ReconciliationReports } from '../application/ports/reconciliation-reports.js';
import type { DifferenceKind } from '../domain/reconcile.js';
import type { ReconciliationRun, ReportedDifference, Resolution } from '../domain/run.js';

interface RunRow {
  id: string;
  day: string;
  provider: ReconciliationRun['provider'];
  trigger: ReconciliationRun['trigger'];
  started_at: Date;
  finished_at: Date;
  compared: ReconciliationRun['compared'];
  found: number;
  remaining: number;
}

interface DifferenceRow {
  kind: DifferenceKind;
  booking_id: string | null;
  payment_intent_id: string | null;
  provider_refund_id: string | null;
  our_amount: number | null;
  provider_amount: number | null;
  detail: string;
  resolution: Resolution;
}

const RUN_COLUMNS =
  "id, to_char(day, 'YYYY-MM-DD') as day, provider, trigger, started_at, finished_at, compared, found, remaining";

const toRun = (r: RunRow): Omit<ReconciliationRun, 'differences'> => ({
  id: r.id,
  day: r.day,
  provider: r.provider,
  trigger: r.trigger,
  startedAt: new Date(r.started_at),
  finishedAt: new Date(r.finished_at),
  compared: r.compared,
  found: r.found,
  remaining: r.remaining,
});

const toDifference = (r: DifferenceRow): ReportedDifference => ({
  kind: r.kind,
  bookingId: r.booking_id,
  intentId: r.payment_intent_id,
  providerRefundId: r.provider_refund_id,
  ours: r.our_amount,
  theirs: r.provider_amount,
  detail: r.detail,
  resolution: r.resolution,
});

/** Runs and their differences in reconciliation_runs / reconciliation_differences, written in one transaction. */
@Injectable()
export class PostgresReconciliationReports extends ReconciliationReports {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {
    super();
  }

  async save(run: ReconciliationRun): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into reconciliation_runs (id, day, provider, trigger, started_at, finished_at, compared, found, remaining)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)`,
        [
          run.id,
          run.day,
          run.provider,
          run.trigger,
          run.startedAt,
          run.finishedAt,
          JSON.stringify(run.compared),
          run.found,
          run.remaining,
        ],
      );
      if (run.differences.length > 0) {
        const d = run.differences;
        await client.query(
          `insert into reconciliation_differences
             (run_id, position, kind, booking_id, payment_intent_id, provider_refund_id, our_amount, provider_amount, detail, resolution)
           select $1, n, kind, booking_id, payment_intent_id, provider_refund_id, our_amount, provider_amount, detail, resolution
             from unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::int[], $7::int[], $8::text[], $9::varchar[])
                  with ordinality as t(kind, booking_id, payment_intent_id, provider_refund_id, our_amount, provider_amount, detail, resolution, n)`,
          [
            run.id,
            d.map((x) => x.kind),
            d.map((x) => x.bookingId),
            d.map((x) => x.intentId),
            d.map((x) => x.providerRefundId),
            d.map((x) => x.ours),
            d.map((x) => x.theirs),
            d.map((x) => x.detail),
            d.map((x) => x.resolution),
          ],
        );
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async last(): Promise<ReconciliationRun | null> {
    const run = await this.lastSummary();
    if (!run) return null;
    const { rows } = await this.pool.query<DifferenceRow>(
      `select kind, booking_id, payment_intent_id, provider_refund_id, our_amount, provider_amount, detail, resolution
         from reconciliation_differences where run_id = $1 order by position`,
      [run.id],
    );
    return { ...run, differences: rows.map(toDifference) };
  }

  async lastSummary(): Promise<Omit<ReconciliationRun, 'differences'> | null> {
    const { rows } = await this.pool.query<RunRow>(
      `select ${RUN_COLUMNS} from reconciliation_runs order by finished_at desc limit 1`,
    );
    return rows[0] ? toRun(rows[0]) : null;
  }
}
