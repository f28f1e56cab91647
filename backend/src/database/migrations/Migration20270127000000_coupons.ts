import { Migration } from '@mikro-orm/migrations';

/**
 * Coupons: a creator's codes (unique per creator whatever their case, among those not deleted), a percentage or
 * an amount off, for every sale, sessions, or one product. `uses` counts the redemptions held or paid: a
 * redemption takes one with a conditional UPDATE (`uses < max_redemptions`), so the last use goes to one buyer
 * only. One redemption per purchase (a booking's or an order's id): released when the purchase is never paid,
 * reinstated when it is paid after all. A deleted coupon stays (deleted_at) for the purchases that used it.
 */
export class Migration20270127000000_coupons extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table coupons (
        id uuid primary key,
        creator_id uuid not null references users (id) on delete cascade,
        code varchar(32) not null check (code ~ '^[A-Za-z0-9_-]{3,32}$'),
        percent_off integer check (percent_off between 1 and 100),
        amount_off_cents integer check (amount_off_cents >= 1),
        applies_to varchar(8) not null check (applies_to in ('all', 'sessions', 'product')),
        product_id uuid,
        expires_at timestamptz,
        max_redemptions integer check (max_redemptions >= 1),
        uses integer not null default 0 check (uses >= 0),
        created_at timestamptz not null default now(),
        deleted_at timestamptz,
        check ((percent_off is null) <> (amount_off_cents is null)),
        check ((applies_to = 'product') = (product_id is not null))
      )`);
    this.addSql('create unique index coupons_creator_code on coupons (creator_id, lower(code)) where deleted_at is null');
    this.addSql(`
      create table coupon_redemptions (
        purchase_id uuid primary key,
        coupon_id uuid not null references coupons (id) on delete cascade,
        discount_cents integer not null check (discount_cents >= 0),
        redeemed_at timestamptz not null,
        released_at timestamptz
      )`);
    this.addSql('create index coupon_redemptions_coupon on coupon_redemptions (coupon_id)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists coupon_redemptions');
    this.addSql('drop table if exists coupons');
  }
}
