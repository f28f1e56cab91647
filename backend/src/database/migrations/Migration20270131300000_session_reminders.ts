import { Migration } from '@mikro-orm/migrations';

/**
 * Session reminders: e-mails to the visitor and the creator 24 hours and 1 hour before a session booked at a set
 * time. `booking_reminders` records each one queued, keyed by booking, kind and the session's start, so each is
 * sent once, and a session moved to another time gets its reminders again (a new start, a new key). The rows go
 * with their booking. `reminder_settings` keeps the creator's four switches; no row means all on.
 */
export class Migration20270131300000_session_reminders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table booking_reminders (
        booking_id uuid not null references bookings (id) on delete cascade,
        kind varchar(16) not null check (kind in ('visitor24h', 'visitor1h', 'creator24h', 'creator1h')),
        slot_start timestamptz not null,
        queued_at timestamptz not null,
        primary key (booking_id, kind, slot_start)
      )`);
    this.addSql(`
      create table reminder_settings (
        creator_id uuid primary key references users (id) on delete cascade,
        visitor_24h boolean not null default true,
        visitor_1h boolean not null default true,
        creator_24h boolean not null default true,
        creator_1h boolean not null default true,
        updated_at timestamptz not null
      )`);
    // The sweep's every-minute read: sessions still to come of bookings that may be reminded.
    this.addSql(`create index bookings_reminders_due on bookings (slot_start)
      where slot_start is not null and status in ('paid', 'partially_refunded')`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists bookings_reminders_due');
    this.addSql('drop table if exists reminder_settings');
    this.addSql('drop table if exists booking_reminders');
  }
}
