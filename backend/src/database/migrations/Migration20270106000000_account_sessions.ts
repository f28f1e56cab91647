import { Migration } from '@mikro-orm/migrations';

/**
 * Account security (issue 14).
 *
 * account_sessions: the account's signed-in devices, one row per session of the session store (Redis or
 * http_sessions) that a sign-in made: an opaque id the API shows (never the store's id, `sid`), the browser's
 * User-Agent, when it signed in and when the store last moved its expiry (at most every ten minutes). Rows go
 * with their session: a sign-out or a session ended from another device deletes it; those the store let expire
 * (unused for 30 days) are left out of the list and deleted at the next sign-in.
 *
 * password_reset_tokens: at most one reset token per account (a newer one replaces it), kept as the SHA-256
 * of the token only; using it deletes it.
 *
 * Sessions signed in before this migration are listed from the start on a PostgreSQL-only install (read from
 * http_sessions below); on Redis, which the database cannot read, from their first use after it (the store's
 * touch adds a row it does not find, see PostgresSessionRegistry.seen).
 */
export class Migration20270106000000_account_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table account_sessions (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        sid varchar(255) not null unique,
        user_agent varchar(512),
        signed_in_at timestamptz not null,
        last_seen_at timestamptz not null
      )`);
    this.addSql('create index account_sessions_user on account_sessions (user_id, last_seen_at desc)');
    this.addSql('create index account_sessions_last_seen on account_sessions (last_seen_at)');
    this.addSql(`
      insert into account_sessions (id, user_id, sid, user_agent, signed_in_at, last_seen_at)
      select gen_random_uuid(), u.id, s.sid, null, s.expire - interval '30 days', s.expire - interval '30 days'
        from http_sessions s join users u on u.id::text = s.sess -> 'passport' ->> 'user'
       where s.expire > now()`);

    this.addSql(`
      create table password_reset_tokens (
        user_id uuid primary key references users (id) on delete cascade,
        token_hash char(64) not null unique,
        created_at timestamptz not null,
        expires_at timestamptz not null
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists password_reset_tokens');
    this.addSql('drop table if exists account_sessions');
  }
}
