import { Migration } from '@mikro-orm/migrations';

/**
 * Two-factor sign-in: each account's TOTP secret (encrypted), set up or waiting for its first code, the last
 * time step a code was accepted for (so no code works twice), and its recovery codes as SHA-256 hashes.
 */
export class Migration20270107000000_two_factor extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table two_factor (
        user_id uuid primary key references users (id) on delete cascade,
        secret text not null,
        enabled_at timestamptz,
        last_step bigint not null default 0,
        created_at timestamptz not null
      )`);
    this.addSql(`
      create table recovery_codes (
        user_id uuid not null references users (id) on delete cascade,
        code_hash char(64) not null,
        used_at timestamptz,
        primary key (user_id, code_hash)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists recovery_codes');
    this.addSql('drop table if exists two_factor');
  }
}
