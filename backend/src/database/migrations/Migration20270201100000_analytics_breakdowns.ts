import { Migration } from '@mikro-orm/migrations';

/**
 * The per-day referrers, devices and link clicks move into analytics_breakdown_daily (dimensions 'referrer',
 * 'device' and 'link', the link's id as key), which the worker fills from now on beside the sources, mediums,
 * campaigns and countries; the three tables they were kept in are dropped.
 */
export class Migration20270201100000_analytics_breakdowns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      insert into analytics_breakdown_daily as b (owner_id, dimension, day, key, views, clicks)
      select owner_id, 'referrer', day, host, views, 0 from analytics_referrer_daily
      union all
      select owner_id, 'device', day, device, views, 0 from analytics_device_daily
      union all
      select owner_id, 'link', day, link_id::text, 0, clicks from analytics_link_daily
      on conflict (owner_id, dimension, day, key) do update set views = b.views + excluded.views, clicks = b.clicks + excluded.clicks`);
    this.addSql('drop table analytics_referrer_daily');
    this.addSql('drop table analytics_device_daily');
    this.addSql('drop table analytics_link_daily');
  }

  override async down(): Promise<void> {
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
    this.addSql(`
      insert into analytics_referrer_daily (owner_id, day, host, views)
      select owner_id, day, key, views from analytics_breakdown_daily where dimension = 'referrer' and key <> '' and views > 0`);
    this.addSql(`
      insert into analytics_device_daily (owner_id, day, device, views)
      select owner_id, day, key, views from analytics_breakdown_daily
       where dimension = 'device' and key in ('mobile', 'tablet', 'desktop') and views > 0`);
    this.addSql(`
      insert into analytics_link_daily (link_id, day, owner_id, clicks)
      select l.id, b.day, l.owner_id, b.clicks from analytics_breakdown_daily b join links l on l.id::text = b.key
       where b.dimension = 'link' and b.clicks > 0`);
    this.addSql("delete from analytics_breakdown_daily where dimension in ('referrer', 'device', 'link')");
  }
}
