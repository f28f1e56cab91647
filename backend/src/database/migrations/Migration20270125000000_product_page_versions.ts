import { Migration } from '@mikro-orm/migrations';

/**
 * A change to a creator's products moves their page version on, as a change to their links does, so the cached
 * bio page and product pages show it at once.
 */
export class Migration20270125000000_product_page_versions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function products_bump_page_version() returns trigger language plpgsql as $$
      begin
        update users set page_version = nextval('page_version_seq')
         where id in (select creator_id from changed_products);
        return null;
      end $$`);
    for (const [event, referencing] of [
      ['insert', 'new table as changed_products'],
      ['update', 'new table as changed_products'],
      ['delete', 'old table as changed_products'],
    ] as const) {
      this.addSql(`
        create trigger products_page_version_${event} after ${event} on products referencing ${referencing}
          for each statement execute function products_bump_page_version()`);
    }
  }

  override async down(): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) this.addSql(`drop trigger if exists products_page_version_${event} on products`);
    this.addSql('drop function if exists products_bump_page_version()');
  }
}
