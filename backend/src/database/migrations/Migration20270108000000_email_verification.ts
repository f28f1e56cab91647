import { Migration } from '@mikro-orm/migrations';

/**
 * E-mail verification (issue 14).
 *
 * users.email_verified_at: when the account's current address was confirmed by opening a link e-mailed to it.
 * Accounts made before this migration never confirmed theirs, so they start unconfirmed (null) like new ones:
 * their dashboard shows the banner and their payouts wait (on hold) until they confirm; the banner's
 * "send again" mails them a link. Marking them confirmed would release money to addresses nobody checked.
 *
 * email_confirmations: the links e-mailed to confirm an address, at most one per account and purpose ('verify'
 * the account's own address, 'change' a new one): a newer link replaces the older. Only the SHA-256 of the
 * token is kept; using it deletes it. `email` is the address the link confirms.
 */
export class Migration20270108000000_email_verification extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table users add column email_verified_at timestamptz');
    this.addSql(`
      create table email_confirmations (
        user_id uuid not null references users (id) on delete cascade,
        purpose varchar(8) not null check (purpose in ('verify', 'change')),
        email varchar(254) not null,
        token_hash char(64) not null unique,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        primary key (user_id, purpose)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists email_confirmations');
    this.addSql('alter table users drop column if exists email_verified_at');
  }
}
