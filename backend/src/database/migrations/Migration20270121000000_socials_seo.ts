import { Migration } from '@mikro-orm/migrations';

/**
 * Social icons and the search and share preview (issue 26), on the creator's row so that a change moves their
 * page version on (users_page_version): the icons as one list in the creator's order (jsonb, replaced whole),
 * where the row shows, and the title, description and image of the preview (null: the page's defaults).
 */
export class Migration20270121000000_socials_seo extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table users
        add column socials jsonb not null default '[]'::jsonb check (jsonb_typeof(socials) = 'array'),
        add column socials_position varchar(6) not null default 'top' check (socials_position in ('top', 'bottom')),
        add column seo_title varchar(70),
        add column seo_description varchar(200),
        add column seo_image varchar(2048)`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table users
        drop column if exists socials,
        drop column if exists socials_position,
        drop column if exists seo_title,
        drop column if exists seo_description,
        drop column if exists seo_image`);
  }
}
