import { Migration } from '@mikro-orm/migrations';

/**
 * Link scheduling (Premium): links.starts_at / ends_at. A link shows from starts_at (inclusive) until
 * ends_at (exclusive); null is no bound. The public read still finds the owner's rows by links_owner_order
 * (owner_id first) and checks the bounds on those few rows, so no index is added for them.
 */
export class Migration20261229000000_link_schedules extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table links
        add column starts_at timestamptz,
        add column ends_at timestamptz,
        add constraint links_schedule_order check (ends_at > starts_at)`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table links
        drop constraint if exists links_schedule_order,
        drop column if exists ends_at,
        drop column if exists starts_at`);
  }
}
