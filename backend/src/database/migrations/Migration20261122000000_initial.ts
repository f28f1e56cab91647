import { Migration } from '@mikro-orm/migrations';

/** Accounts, links, analytics events, sessions and rate-limit counters. */
export class Migration20261122000000_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table users (
        id uuid primary key,
        username varchar(30) not null,
        email varchar(254) not null,
        password_hash varchar(255) not null,
        display_name varchar(50) not null,
        bio varchar(160),
        avatar varchar(2048),
        theme varchar(16) not null default 'default' check (theme in ('default', 'vibrant', 'dark')),
        background_color varchar(7) check (background_color ~ '^#[0-9a-f]{6}$'),
        background_image varchar(2048),
        paypal_email varchar(254),
        cashapp_handle varchar(20),
        enable_booking boolean not null default false,
        booking_price integer check (booking_price >= 0),
        is_premium boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql('create unique index users_username_unique on users (lower(username))');
    this.addSql('create unique index users_email_unique on users (lower(email))');

    this.addSql(`
      create table links (
        id uuid primary key,
        owner_id uuid not null references users (id) on delete cascade,
        title varchar(100) not null,
        url varchar(2048) not null,
        is_active boolean not null default true,
        position integer not null default 0 check (position >= 0),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql('create index links_owner_order on links (owner_id, position, created_at desc)');

    this.addSql(`
      create table analytics_events (
        id bigint generated always as identity primary key,
        kind varchar(8) not null check (kind in ('view', 'click')),
        owner_id uuid not null references users (id) on delete cascade,
        link_id uuid references links (id) on delete set null,
        occurred_at timestamptz not null,
        referrer_host varchar(255)
      )`);
    this.addSql('create index analytics_events_owner_kind on analytics_events (owner_id, kind)');
    this.addSql('create index analytics_events_link on analytics_events (link_id) where link_id is not null');

    this.addSql(`
      create table http_sessions (
        sid varchar not null primary key,
        sess json not null,
        expire timestamp(6) not null
      )`);
    this.addSql('create index http_sessions_expire on http_sessions (expire)');

    this.addSql(`
      create table rate_limits (
        key varchar(255) primary key,
        points integer not null default 0,
        expire bigint
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists rate_limits');
    this.addSql('drop table if exists http_sessions');
    this.addSql('drop table if exists analytics_events');
    this.addSql('drop table if exists links');
    this.addSql('drop table if exists users');
  }
}
