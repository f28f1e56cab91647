import { Migration } from '@mikro-orm/migrations';

/**
 * The visitor's manage link (issue 15): a paid booking at a set time keeps the SHA-256 of its private token
 * (the token itself is only in the visitor's e-mail), the SEQUENCE of its latest calendar invite, and when it
 * was moved or cancelled. `cancelled`: the visitor cancelled inside the cancellation window, so the payment
 * stays paid (the earning kept) and only the time is freed.
 */
export class Migration20270115000000_booking_manage extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table bookings
      add column manage_token_hash varchar(64) unique,
      add column invite_sequence smallint not null default 0,
      add column rescheduled_at timestamptz,
      add column cancelled_at timestamptz`);
    this.addSql('alter table bookings drop constraint bookings_status_check, drop constraint bookings_paid_at_check');
    this.addSql(`alter table bookings add constraint bookings_status_check
      check (status in ('pending_payment', 'paid', 'failed', 'expired', 'refund_due', 'refunded', 'cancelled'))`);
    this.addSql(`alter table bookings add constraint bookings_paid_at_check
      check ((status in ('paid', 'refund_due', 'refunded', 'cancelled')) = (paid_at is not null))`);
  }

  override async down(): Promise<void> {
    this.addSql("update bookings set status = 'paid' where status = 'cancelled'");
    this.addSql('alter table bookings drop constraint bookings_status_check, drop constraint bookings_paid_at_check');
    this.addSql(`alter table bookings add constraint bookings_status_check
      check (status in ('pending_payment', 'paid', 'failed', 'expired', 'refund_due', 'refunded'))`);
    this.addSql(`alter table bookings add constraint bookings_paid_at_check
      check ((status in ('paid', 'refund_due', 'refunded')) = (paid_at is not null))`);
    this.addSql(`alter table bookings drop column manage_token_hash, drop column invite_sequence,
      drop column rescheduled_at, drop column cancelled_at`);
  }
}
