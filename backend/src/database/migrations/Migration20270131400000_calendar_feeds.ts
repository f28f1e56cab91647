import { Migration } from '@mikro-orm/migrations';

/**
 * The creator's private calendar feed (/calendar/{token}.ics): one per creator. The token is kept as its
 * SHA-256, to find the feed it opens, and sealed (AES-256-GCM under a key derived from SESSION_SECRET), so the
 * dashboard can show the address again while a copy of the database alone gives none. Replacing the address
 * overwrites both, so the old one stops working at once. The feed reads a creator's sessions by their time.
 */
export class Migration20270131400000_calendar_feeds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table calendar_feeds (
        user_id uuid primary key references users (id) on delete cascade,
        token_hash varchar(64) not null unique,
        sealed_token text not null,
        created_at timestamptz not null
      )`);
    this.addSql('create index bookings_creator_slot on bookings (creator_id, slot_start) where slot_start is not null');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists bookings_creator_slot');
    this.addSql('drop table if exists calendar_feeds');
  }
}
