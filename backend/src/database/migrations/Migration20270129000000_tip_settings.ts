import { Migration } from '@mikro-orm/migrations';

/**
 * Tips (issue 27): whether the creator's page shows the 'Support me' block, its three preset amounts in cents
 * and an optional message above it. On users, so the public page reads them in its one query.
 */
export class Migration20270129000000_tip_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table users
        add column tips_enabled boolean not null default false,
        add column tip_presets integer[] not null default '{300,500,1000}'
          check (cardinality(tip_presets) = 3 and 100 <= all (tip_presets) and 100000 >= all (tip_presets)),
        add column tip_message varchar(200)`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table users drop column if exists tips_enabled, drop column if exists tip_presets, drop column if exists tip_message');
  }
}
