import { Migration } from '@mikro-orm/migrations';

/**
 * Provider refunds (issue 24): every refund the provider reports is applied once, full or partial, on a booking
 * in any paid state. A booking may now have several refunds: each provider refund is one row (unique by the
 * provider's refund id), the product's own request stays one per booking, and each refund has at most one
 * reversal in the ledger (ledger_entries.refund_id), proportional to its amount. New booking states:
 * `partially_refunded` (refunds add up to less than the amount) and `refund_failed` (a refund that had
 * succeeded failed afterwards: operators resolve it). Events the product cannot match or apply are kept in
 * provider_events_unapplied with the reason, one row per event.
 */
export class Migration20270116000000_provider_refunds extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table bookings alter column status type varchar(24)');
    this.addSql('alter table bookings drop constraint bookings_status_check, drop constraint bookings_paid_at_check');
    this.addSql(`alter table bookings add constraint bookings_status_check
      check (status in ('pending_payment', 'paid', 'failed', 'expired', 'refund_due', 'refunded', 'cancelled', 'partially_refunded', 'refund_failed'))`);
    this.addSql(`alter table bookings add constraint bookings_paid_at_check
      check ((status in ('paid', 'refund_due', 'refunded', 'cancelled', 'partially_refunded', 'refund_failed')) = (paid_at is not null))`);

    // Several refunds per booking: the product's own request stays one per booking; the provider's, one per refund id.
    this.addSql('alter table refunds drop constraint refunds_booking_id_key');
    this.addSql('create index refunds_booking on refunds (booking_id)');
    this.addSql("create unique index refunds_requested_once on refunds (booking_id) where reason <> 'at_provider'");
    this.addSql("alter table refunds add column currency varchar(3) not null default 'usd'");
    // When the refund was counted against the booking (its share of the earning reversed); null while it is not.
    this.addSql('alter table refunds add column counted_at timestamptz');
    this.addSql('alter table refunds add column failed_after_success_at timestamptz');
    this.addSql('update refunds set counted_at = created_at');

    // One earning per booking; one reversal per refund.
    this.addSql('alter table ledger_entries add column refund_id uuid references refunds (id) on delete cascade');
    this.addSql(`update ledger_entries l set refund_id = r.id from refunds r where r.booking_id = l.booking_id and l.kind = 'reversal'`);
    this.addSql('alter table ledger_entries drop constraint ledger_entries_booking_kind');
    this.addSql("create unique index ledger_entries_one_earning on ledger_entries (booking_id) where kind = 'earning'");
    this.addSql('create unique index ledger_entries_one_reversal on ledger_entries (refund_id)');

    this.addSql(`
      create table provider_events_unapplied (
        event_id varchar(255) primary key,
        provider varchar(16) not null check (provider in ('stripe', 'local')),
        type varchar(100) not null,
        reason varchar(32) not null,
        detail text not null,
        object_id varchar(255),
        received_at timestamptz not null
      )`);
    this.addSql('create index provider_events_unapplied_received on provider_events_unapplied (received_at)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists provider_events_unapplied');
    // Back to one refund and one reversal per booking: the first refund stands for them all.
    this.addSql(`update ledger_entries l set amount = t.total
      from (select booking_id, sum(amount) as total, min(id::text)::uuid as keep from ledger_entries where kind = 'reversal' group by booking_id) t
      where l.id = t.keep`);
    this.addSql(`delete from ledger_entries l using ledger_entries k
      where l.kind = 'reversal' and k.kind = 'reversal' and k.booking_id = l.booking_id and k.id::text < l.id::text`);
    this.addSql(`update refunds r set amount = t.total
      from (select booking_id, sum(amount) as total, min(id::text)::uuid as keep from refunds group by booking_id) t where r.id = t.keep`);
    this.addSql(`delete from refunds r using refunds k where k.booking_id = r.booking_id and k.id::text < r.id::text`);
    this.addSql('drop index ledger_entries_one_reversal');
    this.addSql('drop index ledger_entries_one_earning');
    this.addSql('alter table ledger_entries add constraint ledger_entries_booking_kind unique (booking_id, kind)');
    this.addSql('alter table ledger_entries drop column refund_id');
    this.addSql('alter table refunds drop column counted_at, drop column failed_after_success_at, drop column currency');
    this.addSql('drop index refunds_requested_once');
    this.addSql('drop index refunds_booking');
    this.addSql('alter table refunds add constraint refunds_booking_id_key unique (booking_id)');
    this.addSql("update bookings set status = 'paid' where status = 'partially_refunded'");
    this.addSql("update bookings set status = 'refunded' where status = 'refund_failed'");
    this.addSql('alter table bookings drop constraint bookings_status_check, drop constraint bookings_paid_at_check');
    this.addSql(`alter table bookings add constraint bookings_status_check
      check (status in ('pending_payment', 'paid', 'failed', 'expired', 'refund_due', 'refunded', 'cancelled'))`);
    this.addSql(`alter table bookings add constraint bookings_paid_at_check
      check ((status in ('paid', 'refund_due', 'refunded', 'cancelled')) = (paid_at is not null))`);
    this.addSql('alter table bookings alter column status type varchar(16)');
  }
}
