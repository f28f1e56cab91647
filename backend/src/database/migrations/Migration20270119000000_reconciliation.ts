import { Migration } from '@mikro-orm/migrations';

/**
 * Daily reconciliation with the payment provider (issue 24): each run's report and its differences, one row
 * each: booking and payment ids as either side names them (text: a provider's metadata may be long) and
 * amounts, never customer details; no foreign key to bookings, so a report outlives an account's deletion.
 * And the indexes that pick a day's paid bookings and changed refunds.
 */
export class Migration20270119000000_reconciliation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table reconciliation_runs (
        id uuid primary key,
        day date not null,
        provider varchar(16) not null check (provider in ('stripe', 'local')),
        trigger varchar(16) not null check (trigger in ('schedule', 'operator')),
        started_at timestamptz not null,
        finished_at timestamptz not null,
        compared jsonb not null,
        found integer not null check (found >= 0),
        remaining integer not null check (remaining >= 0 and remaining <= found)
      )`);
    this.addSql('create index reconciliation_runs_latest on reconciliation_runs (finished_at desc)');
    this.addSql(`
      create table reconciliation_differences (
        run_id uuid not null references reconciliation_runs (id) on delete cascade,
        position integer not null,
        kind varchar(40) not null,
        booking_id text,
        payment_intent_id text,
        provider_refund_id text,
        our_amount integer,
        provider_amount integer,
        detail text not null,
        resolution varchar(16) not null check (resolution in ('reported', 'applied', 'duplicate', 'unapplied', 'failed')),
        primary key (run_id, position)
      )`);
    this.addSql('create index bookings_paid_at on bookings (paid_at) where paid_at is not null');
    this.addSql('create index refunds_updated_at on refunds (updated_at)');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists refunds_updated_at');
    this.addSql('drop index if exists bookings_paid_at');
    this.addSql('drop table if exists reconciliation_differences');
    this.addSql('drop table if exists reconciliation_runs');
  }
}
