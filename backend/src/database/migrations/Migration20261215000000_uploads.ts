import { Migration } from '@mikro-orm/migrations';

/**
 * Upload grants: every upload URL issued, to whom and until when; when its one PUT arrived and when its
 * image was chosen as an avatar or background (each at most once).
 */
export class Migration20261215000000_uploads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table upload_grants (
        key varchar(200) primary key,
        user_id uuid not null references users (id) on delete cascade,
        expires_at timestamptz not null,
        uploaded_at timestamptz,
        consumed_at timestamptz,
        created_at timestamptz not null
      )`);
    this.addSql('create index upload_grants_user on upload_grants (user_id, created_at desc)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists upload_grants');
  }
}
