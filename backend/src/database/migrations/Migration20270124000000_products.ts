import { Migration } from '@mikro-orm/migrations';

/**
 * Digital products a creator sells from the page: a fixed price in cents, or pay-what-you-want with a minimum;
 * what the buyer gets is a file (stored under file_key, its type and size checked from the bytes) or a private
 * URL, revealed only after payment. Ordered and shown or hidden like links.
 */
export class Migration20270124000000_products extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table products (
        id uuid primary key,
        creator_id uuid not null references users (id) on delete cascade,
        title varchar(100) not null,
        description text not null default '',
        price_cents integer check (price_cents between 100 and 1000000),
        min_price_cents integer check (min_price_cents between 100 and 1000000),
        cover_key varchar(512),
        file_key varchar(512),
        file_name varchar(255),
        file_type varchar(127),
        file_size bigint check (file_size > 0),
        private_url varchar(2048),
        visible boolean not null default true,
        position integer not null default 0 check (position >= 0),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check ((price_cents is null) <> (min_price_cents is null)),
        check (file_key is null or private_url is null)
      )`);
    this.addSql('create index products_creator_order on products (creator_id, position, created_at desc)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists products');
  }
}
