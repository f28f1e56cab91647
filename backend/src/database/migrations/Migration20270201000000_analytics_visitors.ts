import { Migration } from '@mikro-orm/migrations';

/**
 * Analytics that explain money (issue 29), the storage every part shares:
 * - `analytics_daily.unique_visitors`: a page's unique visitors of the day.
 * - `analytics_breakdown_daily`: per page, day, dimension (referrer host, source, medium, campaign, country,
 *   device, link) and key — views, unique visitors, clicks. '' is the key of "none" (a direct visit, no
 *   campaign); countries are ISO 3166-1 alpha-2 codes or 'unknown'; a link's key is its id. It grows with
 *   pages, days and distinct keys, never with visits.
 * - `analytics_visitors`: the visitor hashes of the current day and the one before, per page and per
 *   dimension key ('page' and '' for the page as a whole), so a visitor is counted once per day however many
 *   times they come; rows of older days are deleted every day. A hash is the first 64 bits of SHA-256 over
 *   the day's salt, the page, the address and the user agent, so once the salt is gone it leads nowhere.
 * - `analytics_salts`: one random salt per UTC day, deleted once its day is over.
 * - `bookings` and `orders` gain the source, medium, campaign and country of the visit that led to them; the
 *   ledger's entries are found by their sale, for what each sale earned.
 */
export class Migration20270201000000_analytics_visitors extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table analytics_daily add column unique_visitors integer not null default 0 check (unique_visitors >= 0)');
    this.addSql(`
      create table analytics_breakdown_daily (
        owner_id uuid not null references users (id) on delete cascade,
        dimension varchar(8) not null check (dimension in ('referrer', 'source', 'medium', 'campaign', 'country', 'device', 'link')),
        day date not null,
        key varchar(255) not null,
        views integer not null default 0 check (views >= 0),
        unique_visitors integer not null default 0 check (unique_visitors >= 0),
        clicks integer not null default 0 check (clicks >= 0),
        primary key (owner_id, dimension, day, key)
      )`);
    this.addSql(`
      create table analytics_visitors (
        owner_id uuid not null references users (id) on delete cascade,
        day date not null,
        dimension varchar(8) not null check (dimension in ('page', 'referrer', 'source', 'medium', 'campaign', 'country', 'device', 'link')),
        key varchar(255) not null,
        hash bigint not null,
        primary key (owner_id, day, dimension, key, hash)
      )`);
    this.addSql('create index analytics_visitors_day on analytics_visitors (day)');
    this.addSql('create table analytics_salts (day date primary key, salt bytea not null check (length(salt) = 32))');
    for (const table of ['bookings', 'orders']) {
      this.addSql(
        `alter table ${table} add column source varchar(255), add column medium varchar(100), add column campaign varchar(100), add column country varchar(7)`,
      );
      this.addSql(`create index ${table}_creator_paid on ${table} (creator_id, paid_at) where paid_at is not null`);
    }
    // The report reads each sale's ledger entries (its earning and reversals) to say what it earned the creator.
    this.addSql('create index ledger_entries_booking on ledger_entries (booking_id) where booking_id is not null');
    this.addSql('create index ledger_entries_order on ledger_entries (order_id) where order_id is not null');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists ledger_entries_order');
    this.addSql('drop index if exists ledger_entries_booking');
    for (const table of ['bookings', 'orders']) {
      this.addSql(`drop index if exists ${table}_creator_paid`);
      this.addSql(`alter table ${table} drop column source, drop column medium, drop column campaign, drop column country`);
    }
    this.addSql('drop table if exists analytics_salts');
    this.addSql('drop table if exists analytics_visitors');
    this.addSql('drop table if exists analytics_breakdown_daily');
    this.addSql('alter table analytics_daily drop column unique_visitors');
  }
}
