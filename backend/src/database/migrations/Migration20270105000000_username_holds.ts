import { Migration } from '@mikro-orm/migrations';

/**
 * Usernames a creator gave up lately (issue 14): for OLD_USERNAME_HELD_DAYS nobody else may claim one, its
 * old address forwards to the creator's current one, and the creator may take it back. Sign-up and a change
 * of username take `pg_advisory_xact_lock(hashtext(name))` on every name they claim or give up before they
 * check this table and users, so two claims of one name never both win.
 *
 * The public pages keep "this address forwards to X" per the owner's page version (page_versions), so a
 * write to a hold moves the owner's version on, whoever writes it: a new hold, a changed one (an operator
 * shortening it) and one dropped while it still held (the owner taking the name back). A hold dropped after
 * it ended needs no bump: the pages forget a forward once its end has passed.
 */
export class Migration20270105000000_username_holds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table username_holds (
        username varchar(30) primary key check (username = lower(username)),
        user_id uuid not null references users (id) on delete cascade,
        held_until timestamptz not null,
        created_at timestamptz not null default now()
      )`);
    this.addSql('create index username_holds_user on username_holds (user_id)');
    this.addSql(`
      create function username_holds_bump_page_version() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          update users set page_version = nextval('page_version_seq') where id = old.user_id;
        end if;
        if tg_op <> 'DELETE' then
          update users set page_version = nextval('page_version_seq') where id = new.user_id;
        end if;
        return null;
      end $$`);
    this.addSql(`
      create trigger username_holds_page_version_insert after insert on username_holds
        for each row execute function username_holds_bump_page_version()`);
    this.addSql(`
      create trigger username_holds_page_version_update after update on username_holds
        for each row when (old.* is distinct from new.*) execute function username_holds_bump_page_version()`);
    this.addSql(`
      create trigger username_holds_page_version_delete after delete on username_holds
        for each row when (old.held_until > now()) execute function username_holds_bump_page_version()`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists username_holds');
    this.addSql('drop function if exists username_holds_bump_page_version()');
  }
}
