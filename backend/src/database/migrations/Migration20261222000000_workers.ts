import { Migration } from '@mikro-orm/migrations';

/**
 * The workers: analytics as per-day rollups (per page, per link, referrer hosts, device classes) plus link
 * click totals, filled by the worker exactly once per event (analytics_seen_events remembers each event id);
 * the append-only analytics_events of before are folded into the rollups and dropped. Weekly payouts: one
 * per creator per week (unique), the ledger entries it pays point at it.
 */
export class Migration20261222000000_workers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table analytics_seen_events (
        id uuid primary key,
        seen_at timestamptz not null
      )`);
    this.addSql('create index analytics_seen_events_seen_at on analytics_seen_events (seen_at)');

    this.addSql(`
      create table analytics_daily (
        owner_id uuid not null references users (id) on delete cascade,
        day date not null,
        views integer not null default 0 check (views >= 0),
        clicks integer not null default 0 check (clicks >= 0),
        primary key (owner_id, day)
      )`);
    this.addSql(`
      create table analytics_link_daily (
        link_id uuid not null references links (id) on delete cascade,
        day date not null,
        owner_id uuid not null references users (id) on delete cascade,
        clicks integer not null check (clicks >= 0),
        primary key (link_id, day)
      )`);
    this.addSql('create index analytics_link_daily_owner on analytics_link_daily (owner_id, day)');
    this.addSql(`
      create table analytics_link_totals (
        link_id uuid primary key references links (id) on delete cascade,
        owner_id uuid not null references users (id) on delete cascade,
        clicks bigint not null check (clicks >= 0)
      )`);
    this.addSql('create index analytics_link_totals_owner on analytics_link_totals (owner_id)');
    this.addSql(`
      create table analytics_referrer_daily (
        owner_id uuid not null references users (id) on delete cascade,
        day date not null,
        host varchar(255) not null,
        views integer not null check (views >= 0),
        primary key (owner_id, day, host)
      )`);
    this.addSql(`
      create table analytics_device_daily (
        owner_id uuid not null references users (id) on delete cascade,
        day date not null,
        device varchar(8) not null check (device in ('mobile', 'tablet', 'desktop')),
        views integer not null check (views >= 0),
        primary key (owner_id, day, device)
      )`);

    // What was recorded before the worker existed, folded into the rollups.
    this.addSql(`
      insert into analytics_daily (owner_id, day, views, clicks)
      select owner_id, (occurred_at at time zone 'UTC')::date,
             count(*) filter (where kind = 'view'), count(*) filter (where kind = 'click')
        from analytics_events group by 1, 2`);
    this.addSql(`
      insert into analytics_link_daily (link_id, day, owner_id, clicks)
      select link_id, (occurred_at at time zone 'UTC')::date, owner_id, count(*)
        from analytics_events where kind = 'click' and link_id is not null group by 1, 2, 3`);
    this.addSql(`
      insert into analytics_link_totals (link_id, owner_id, clicks)
      select link_id, owner_id, count(*) from analytics_events where kind = 'click' and link_id is not null group by 1, 2`);
    this.addSql(`
      insert into analytics_referrer_daily (owner_id, day, host, views)
      select owner_id, (occurred_at at time zone 'UTC')::date, referrer_host, count(*)
        from analytics_events where kind = 'view' and referrer_host is not null group by 1, 2, 3`);
    this.addSql('drop table analytics_events');

    this.addSql(`
      create table payouts (
        id uuid primary key,
        creator_id uuid not null references users (id) on delete cascade,
        week varchar(8) not null check (week ~ '^[0-9]{4}-W[0-9]{2}$'),
        period_end timestamptz not null,
        amount integer not null check (amount > 0),
        currency varchar(3) not null default 'usd',
        method varchar(8) check (method in ('paypal', 'cashapp')),
        destination varchar(254),
        status varchar(16) not null
          check (status in ('on_hold', 'pending', 'processing', 'awaiting_manual', 'paid', 'failed')),
        provider_batch_id varchar(64),
        reference varchar(255),
        failure_reason varchar(500),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        paid_at timestamptz,
        unique (creator_id, week),
        check ((status = 'on_hold') = (method is null)),
        check ((status = 'paid') = (paid_at is not null))
      )`);
    this.addSql('create index payouts_status on payouts (status, created_at)');
    this.addSql('alter table ledger_entries add constraint ledger_entries_payout foreign key (payout_id) references payouts (id)');
    this.addSql('create index ledger_entries_unassigned on ledger_entries (creator_id, created_at) where payout_id is null');
    // A payout's entries, stamped paid out when it is paid (and checked by the foreign key).
    this.addSql('create index ledger_entries_payout_id on ledger_entries (payout_id) where payout_id is not null');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists ledger_entries_payout_id');
    this.addSql('drop index if exists ledger_entries_unassigned');
    this.addSql('alter table ledger_entries drop constraint if exists ledger_entries_payout');
    this.addSql('update ledger_entries set payout_id = null, paid_out_at = null');
    this.addSql('drop table if exists payouts');
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
    // Rollups cannot be split back into single events: a day's counts become that many events at noon UTC.
    this.addSql(`
      insert into analytics_events (kind, owner_id, link_id, occurred_at)
      select 'view', owner_id, null, day + time '12:00' from analytics_daily, generate_series(1, views)`);
    this.addSql(`
      insert into analytics_events (kind, owner_id, link_id, occurred_at)
      select 'click', owner_id, link_id, day + time '12:00' from analytics_link_daily, generate_series(1, clicks)`);
    for (const table of ['analytics_device_daily', 'analytics_referrer_daily', 'analytics_link_totals', 'analytics_link_daily', 'analytics_daily', 'analytics_seen_events']) {
      this.addSql(`drop table if exists ${table}`);
    }
  }
}
