import { Migration } from '@mikro-orm/migrations';

/**
 * Link thumbnails (issue 26): the public address of a link's square WebP thumbnail, stored by the media
 * module under the creator's own prefix; null shows the link's family icon. A change moves the page version
 * on through the links triggers, as any change to a link does.
 */
export class Migration20270122000000_link_thumbnails extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table links add column thumbnail varchar(2048) null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table links drop column if exists thumbnail');
  }
}
