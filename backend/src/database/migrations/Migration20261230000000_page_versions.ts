import { Migration } from '@mikro-orm/migrations';

/**
 * A version per public page, which every write that can change the page moves on: any change to the
 * creator's row (name, bio, look, avatar, booking, plan…) and any insert, change or delete of their links,
 * whoever writes it (API, worker, operators). The API's page cache compares it on every request, so a change
 * shows on the next request to any API process. Values come from one sequence, so they never repeat.
 */
export class Migration20261230000000_page_versions extends Migration {
  override async up(): Promise<void> {
    this.addSql('create sequence page_version_seq');
    this.addSql("alter table users add column page_version bigint not null default nextval('page_version_seq')");
    this.addSql(`
      create function users_bump_page_version() returns trigger language plpgsql as $$
      begin
        new.page_version := nextval('page_version_seq');
        return new;
      end $$`);
    this.addSql(`
      create trigger users_page_version before update on users
        for each row when (old.* is distinct from new.*) execute function users_bump_page_version()`);
    this.addSql(`
      create function links_bump_page_version() returns trigger language plpgsql as $$
      begin
        update users set page_version = nextval('page_version_seq')
         where id in (select owner_id from changed_links);
        return null;
      end $$`);
    for (const [event, referencing] of [
      ['insert', 'new table as changed_links'],
      ['update', 'new table as changed_links'],
      ['delete', 'old table as changed_links'],
    ] as const) {
      this.addSql(`
        create trigger links_page_version_${event} after ${event} on links referencing ${referencing}
          for each statement execute function links_bump_page_version()`);
    }
  }

  override async down(): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) this.addSql(`drop trigger if exists links_page_version_${event} on links`);
    this.addSql('drop function if exists links_bump_page_version()');
    this.addSql('drop trigger if exists users_page_version on users');
    this.addSql('drop function if exists users_bump_page_version()');
    this.addSql('alter table users drop column if exists page_version');
    this.addSql('drop sequence if exists page_version_seq');
  }
}
