import { Migration } from '@mikro-orm/migrations';

/**
 * Premium's custom look: button colour, button text colour and button shape on users. Colours are stored
 * lower-case #rrggbb (null: the theme's own); the values stay when Premium ends and apply again on return.
 */
export class Migration20261229000001_custom_look extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table users
        add column button_color varchar(7) null
          constraint users_button_color_hex check (button_color ~ '^#[0-9a-f]{6}$'),
        add column button_text_color varchar(7) null
          constraint users_button_text_color_hex check (button_text_color ~ '^#[0-9a-f]{6}$'),
        add column button_shape varchar(8) not null default 'rounded'
          constraint users_button_shape_known check (button_shape in ('rounded', 'pill', 'square'))`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table users
        drop column if exists button_shape,
        drop column if exists button_text_color,
        drop column if exists button_color`);
  }
}
