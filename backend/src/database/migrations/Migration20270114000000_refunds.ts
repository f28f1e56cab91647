import { Migration } from '@mikro-orm/migrations';

/**
 * Refunds (issue 15): a paid booking can be refunded in full through the payment provider, once. A refund is
 * a row of its own (one per booking, keyed for the provider's idempotency), the booking becomes `refunded`,
 * and the ledger records the reversal as a negative entry beside the earning: unpaid-out, the two cancel out
 * in the next payout; already paid out, the reversal is netted against the creator's next earnings.
 */
export class Migration20270114000000_refunds extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table bookings drop constraint bookings_status_check');
    this.addSql(`alter table bookings add constraint bookings_status_check
      check (status in ('pending_payment', 'paid', 'failed', 'expired', 'refund_due', 'refunded'))`);
    this.addSql('alter table bookings drop constraint bookings_paid_at_check');
    this.addSql(`alter table bookings add constraint bookings_paid_at_check
      check ((status in ('paid', 'refund_due', 'refunded')) = (paid_at is not null))`);
    this.addSql('alter table bookings add column refunded_at timestamptz');

    this.addSql(`
      create table refunds (
        id uuid primary key,
        booking_id uuid not null unique references bookings (id) on delete cascade,
        amount integer not null check (amount > 0),
        reason varchar(32) not null check (reason in ('cancelled_by_creator', 'cancelled_by_visitor', 'time_taken', 'at_provider')),
        status varchar(16) not null check (status in ('requested', 'pending', 'succeeded', 'failed')),
        provider_refund_id varchar(255) unique,
        attempts integer not null default 0,
        last_error text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql("create index refunds_to_retry on refunds (updated_at) where status in ('requested', 'failed')");

    this.addSql("alter table ledger_entries add column kind varchar(16) not null default 'earning' check (kind in ('earning', 'reversal'))");
    this.addSql('alter table ledger_entries drop constraint ledger_entries_booking_id_key');
    this.addSql('alter table ledger_entries add constraint ledger_entries_booking_kind unique (booking_id, kind)');
    this.addSql('alter table ledger_entries drop constraint ledger_entries_amount_check');
    this.addSql(`alter table ledger_entries add constraint ledger_entries_amount_check
      check ((kind = 'earning' and amount >= 0) or (kind = 'reversal' and amount <= 0))`);

    this.addSql("alter table local_payment_intents drop constraint local_payment_intents_status_check");
    this.addSql(`alter table local_payment_intents add constraint local_payment_intents_status_check
      check (status in ('requires_payment_method', 'succeeded', 'refunded'))`);
  }

  override async down(): Promise<void> {
    this.addSql("update local_payment_intents set status = 'succeeded' where status = 'refunded'");
    this.addSql('alter table local_payment_intents drop constraint local_payment_intents_status_check');
    this.addSql(`alter table local_payment_intents add constraint local_payment_intents_status_check
      check (status in ('requires_payment_method', 'succeeded'))`);
    this.addSql("delete from ledger_entries where kind = 'reversal'");
    this.addSql('alter table ledger_entries drop constraint ledger_entries_amount_check');
    this.addSql('alter table ledger_entries add constraint ledger_entries_amount_check check (amount >= 0)');
    this.addSql('alter table ledger_entries drop constraint ledger_entries_booking_kind');
    this.addSql('alter table ledger_entries add constraint ledger_entries_booking_id_key unique (booking_id)');
    this.addSql('alter table ledger_entries drop column kind');
    this.addSql('drop table if exists refunds');
    this.addSql("update bookings set status = 'paid' where status = 'refunded'");
    this.addSql('alter table bookings drop column refunded_at');
    this.addSql('alter table bookings drop constraint bookings_paid_at_check, drop constraint bookings_status_check');
    this.addSql(`alter table bookings add constraint bookings_status_check
      check (status in ('pending_payment', 'paid', 'failed', 'expired', 'refund_due'))`);
    this.addSql(`alter table bookings add constraint bookings_paid_at_check
      check ((status in ('paid', 'refund_due')) = (paid_at is not null))`);
  }
}
