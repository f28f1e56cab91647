import { Migration } from '@mikro-orm/migrations';

/** The daily media sweep finds grants by expiry: an index, so a large backlog is not read in full each batch. */
export class Migration20261229000003_upload_grants_expiry extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index upload_grants_expires_at on upload_grants (expires_at)');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists upload_grants_expires_at');
  }
}
