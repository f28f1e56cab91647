import { Migration } from '@mikro-orm/migrations';

/**
 * The creator's own calendar over CalDAV: one connection per creator (the app password sealed, never stored
 * as typed), when it was last read and why the last read failed; and the paid sessions written into it, by
 * booking, with the event's address there and its starting time as written (a moved session is written
 * again, a cancelled one removed). No reference to bookings: a written event is remembered until removed.
 */
export class Migration20270131500000_calendar_connections extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table calendar_connections (
        creator_id uuid primary key references users (id) on delete cascade,
        url varchar(2000) not null,
        username varchar(200) not null,
        password_sealed text not null,
        write_sessions boolean not null default false,
        connected_at timestamptz not null,
        last_read_at timestamptz,
        last_tried_at timestamptz,
        last_error varchar(300)
      )`);
    this.addSql('create index calendar_connections_due on calendar_connections (last_tried_at nulls first)');
    this.addSql(`
      create table calendar_written_events (
        booking_id uuid primary key,
        creator_id uuid not null references users (id) on delete cascade,
        href varchar(2000) not null,
        etag varchar(300),
        slot_start timestamptz not null,
        written_at timestamptz not null
      )`);
    this.addSql('create index calendar_written_events_creator on calendar_written_events (creator_id)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists calendar_written_events');
    this.addSql('drop table if exists calendar_connections');
  }
}
