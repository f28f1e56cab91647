import { Migration } from '@mikro-orm/migrations';

/**
 * Account deletion (issue 14). A deleted account's row stays, as a tombstone, because bookings, the ledger and
 * payouts point at it (on delete cascade) and are kept for accounting; `deleted_at` marks it, and the public
 * pages match no deleted row (the row's change moves its page version, so every API process's cache sees it).
 * Its username is freed at once and held in username_holds for DELETED_USERNAME_HELD_DAYS: a hold whose
 * account is deleted forwards nowhere.
 */
export class Migration20270109000000_account_deletion extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table users add column deleted_at timestamptz');
  }

  override async down(): Promise<void> {
    this.addSql('alter table users drop column if exists deleted_at');
  }
}
