import { Migration } from '@mikro-orm/migrations';

/**
 * Blocks of a page (issue 26): each row of links is a link button, a header (a section title, url '') or an
 * embed (a YouTube, Vimeo, Spotify or SoundCloud player). Every existing row is a link.
 */
export class Migration20270120000000_link_blocks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table links
        add column kind varchar(10) not null default 'link',
        add constraint links_kind check (kind in ('link', 'header', 'embed')),
        add constraint links_url_by_kind check ((kind = 'header') = (url = ''))`);
  }

  override async down(): Promise<void> {
    this.addSql('delete from links where kind = \'header\'');
    this.addSql('alter table links drop constraint if exists links_url_by_kind, drop constraint if exists links_kind, drop column if exists kind');
  }
}
