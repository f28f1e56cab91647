import { Migration } from '@mikro-orm/migrations';

/**
 * Carried-over weeks (issue 24): a creator whose unpaid ledger entries net to zero or less when their week is
 * paid gets no payout; the weekly run records that week here instead, once per creator and week (re-runs and
 * concurrent runs insert it once), with the amount carried into the next weeks (cents, never positive).
 */
export class Migration20270118000000_payout_carryovers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table payout_carryovers (
        id uuid primary key,
        creator_id uuid not null references users (id) on delete cascade,
        week varchar(8) not null check (week ~ '^[0-9]{4}-W[0-9]{2}$'),
        amount integer not null check (amount <= 0),
        created_at timestamptz not null,
        constraint payout_carryovers_creator_week unique (creator_id, week)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists payout_carryovers');
  }
}
