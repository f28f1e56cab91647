import { Migration } from '@mikro-orm/migrations';

/**
 * Paid sessions at set times (issue 15): each creator's availability, the slot holds (a picked time kept
 * while the visitor pays, then booked), and on bookings the slot's times, the hold's expiry and two states:
 * expired (unpaid when its hold ran out) and refund_due (paid after that, for a time taken meanwhile).
 * No two held or booked slots of one creator overlap, buffer included: an exclusion constraint (btree_gist)
 * enforces it, so of concurrent requests for one time exactly one wins.
 */
export class Migration20270111000000_scheduling extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists btree_gist');
    this.addSql(`
      create table availability (
        creator_id uuid primary key references users (id) on delete cascade,
        time_zone varchar(64) not null,
        session_minutes smallint not null check (session_minutes between 15 and 240),
        buffer_minutes smallint not null check (buffer_minutes between 0 and 120),
        min_notice_hours smallint not null check (min_notice_hours between 0 and 168),
        horizon_days smallint not null check (horizon_days between 1 and 365),
        weekly jsonb not null default '[]',
        dates_off jsonb not null default '[]',
        cancellation_hours smallint not null check (cancellation_hours between 0 and 168),
        updated_at timestamptz not null
      )`);
    this.addSql(`
      create table slot_holds (
        id uuid primary key,
        creator_id uuid not null references users (id) on delete cascade,
        slot_start timestamptz not null,
        slot_end timestamptz not null,
        blocked_until timestamptz not null,
        status varchar(16) not null check (status in ('held', 'booked', 'released')),
        holder varchar(64) not null,
        expires_at timestamptz not null,
        created_at timestamptz not null,
        check (slot_end > slot_start and blocked_until >= slot_end),
        constraint slot_holds_no_overlap exclude using gist (
          creator_id with =, tstzrange(slot_start, blocked_until) with &&
        ) where (status in ('held', 'booked'))
      )`);
    this.addSql("create index slot_holds_live_by_holder on slot_holds (holder) where status = 'held'");
    this.addSql("create index slot_holds_held_expiry on slot_holds (expires_at) where status = 'held'");

    this.addSql('alter table bookings add column slot_start timestamptz, add column slot_end timestamptz, add column hold_expires_at timestamptz');
    // The paid_at rule was created without a name of its own: found by its definition.
    this.addSql(`
      do $$
      declare rule text;
      begin
        select conname into rule from pg_constraint
         where conrelid = 'bookings'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%paid_at IS NOT NULL%';
        if rule is not null then execute format('alter table bookings drop constraint %I', rule); end if;
      end $$`);
    this.addSql('alter table bookings drop constraint bookings_status_check');
    this.addSql(`alter table bookings add constraint bookings_status_check
      check (status in ('pending_payment', 'paid', 'failed', 'expired', 'refund_due'))`);
    this.addSql(`alter table bookings add constraint bookings_paid_at_check
      check ((status in ('paid', 'refund_due')) = (paid_at is not null))`);
    this.addSql(`create index bookings_holds_to_expire on bookings (hold_expires_at)
      where hold_expires_at is not null and status in ('pending_payment', 'failed')`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists bookings_holds_to_expire');
    this.addSql("update bookings set status = 'failed' where status = 'expired'");
    this.addSql("update bookings set status = 'paid' where status = 'refund_due'");
    this.addSql('alter table bookings drop constraint bookings_paid_at_check, drop constraint bookings_status_check');
    this.addSql(`alter table bookings add constraint bookings_status_check check (status in ('pending_payment', 'paid', 'failed'))`);
    this.addSql(`alter table bookings add constraint bookings_paid_at_check check ((status = 'paid') = (paid_at is not null))`);
    this.addSql('alter table bookings drop column hold_expires_at, drop column slot_end, drop column slot_start');
    this.addSql('drop table if exists slot_holds');
    this.addSql('drop table if exists availability');
  }
}
