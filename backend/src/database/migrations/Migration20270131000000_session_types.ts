import { Migration } from '@mikro-orm/migrations';

/**
 * Session types: each creator offers kinds of paid session (a name, a length, a price, where to meet, intake
 * questions), ordered and switched on or off. A booking keeps what it was booked as: its type, the type's name,
 * where it meets (the generated room, the visitor's number) and the visitor's answers, so later edits of the
 * type never change a booked session. Every creator who took bookings before gets their single price and
 * session length as their first type, unchanged for visitors. Busy times read from a creator's own calendar
 * (calendar_busy_times) remove overlapping open slots.
 */
export class Migration20270131000000_session_types extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table session_types (
        id uuid primary key,
        creator_id uuid not null references users (id) on delete cascade,
        name varchar(80) not null,
        minutes smallint not null check (minutes between 15 and 240),
        price_cents integer not null check (price_cents between 100 and 1000000),
        description varchar(1000) not null default '',
        location jsonb,
        questions jsonb not null default '[]',
        position integer not null,
        enabled boolean not null default true,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create index session_types_creator on session_types (creator_id, position)');
    this.addSql(`
      insert into session_types (id, creator_id, name, minutes, price_cents, position, enabled, created_at, updated_at)
      select gen_random_uuid(), u.id, 'Session', coalesce(a.session_minutes, 60), u.booking_price, 0, true, now(), now()
        from users u left join availability a on a.creator_id = u.id
       where u.booking_price between 100 and 1000000 and u.deleted_at is null`);
    this.addSql(`
      alter table bookings
        add column session_type_id uuid references session_types (id) on delete set null,
        add column session_name varchar(80),
        add column location jsonb,
        add column answers jsonb not null default '[]'`);
    this.addSql(`
      create table calendar_busy_times (
        creator_id uuid not null references users (id) on delete cascade,
        starts_at timestamptz not null,
        ends_at timestamptz not null check (ends_at > starts_at)
      )`);
    this.addSql('create index calendar_busy_times_creator on calendar_busy_times (creator_id, starts_at)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists calendar_busy_times');
    this.addSql('alter table bookings drop column if exists session_type_id, drop column if exists session_name, drop column if exists location, drop column if exists answers');
    this.addSql('drop table if exists session_types');
  }
}
